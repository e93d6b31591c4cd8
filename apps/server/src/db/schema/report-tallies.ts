import { LOAN_STATUSES, PAYMENT_STATUSES } from '@prestaya/domain';
import { boolean, index, pgTable, text } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';

/**
 * The Dashboard reports' tallies (modules/reports/tallies.ts reads them), kept by statement triggers
 * like loan_status_tally: every statement that changes a figure appends signed delta rows (+ for what
 * it added, − for what it took away), so writers never wait on a shared counter row; a figure is the sum
 * of its rows, and the daily job folds them into one row per key (modules/reports/fold.ts).
 */

/**
 * The ACTIVE and DELAYED loans grouped by what the portfolio arithmetic needs of them
 * (@prestaya/domain portfolio-risk.ts LoanRiskRow), none of it depending on today: by status and oldest unpaid
 * due date, Σ n loans, Σ current balance, Σ outstanding principal. One row per status and date, however
 * varied the loans' amounts and terms.
 */
export const portfolioTally = pgTable('portfolio_tally', {
  status: text('status', { enum: LOAN_STATUSES }).notNull(),
  /** Restructured loans are counted apart (domain portfolio-risk.ts). */
  restructured: boolean('restructured').notNull().default(false),
  oldestUnpaidDueDate: column.day('oldest_unpaid_due_date'),
  n: column.cents('n').notNull(),
  balanceCents: column.cents('balance_cents').notNull(),
  principalCents: column.cents('principal_cents').notNull(),
});

/**
 * Confirmed collections by the 15-minute UTC period they were collected in (payments.collected_at):
 * Σ installment lines, Σ fee lines, how many payments. Why periods and not business days: see
 * migration report_tallies (report_period).
 */
export const collectionTally = pgTable(
  'collection_tally',
  {
    periodStart: column.instant('period_start').notNull(),
    installmentsCents: column.cents('installments_cents').notNull(),
    feesCents: column.cents('fees_cents').notNull(),
    payments: column.cents('payments').notNull(),
  },
  (table) => [index('collection_tally_period_idx').on(table.periodStart)],
);

/**
 * Loans delivered: by the 15-minute UTC period of activated_on, or for a loanFromPast by its
 * request_date (a business day already). Exactly one of the two keys is set.
 */
export const deliveryTally = pgTable(
  'delivery_tally',
  {
    periodStart: column.instant('period_start'),
    requestDay: column.day('request_day'),
    loans: column.cents('loans').notNull(),
    amountCents: column.cents('amount_cents').notNull(),
  },
  (table) => [
    index('delivery_tally_period_idx').on(table.periodStart),
    index('delivery_tally_request_day_idx').on(table.requestDay),
  ],
);

/** Payments per status right now: Σ n payments, Σ amount. */
export const paymentStatusTally = pgTable('payment_status_tally', {
  status: text('status', { enum: PAYMENT_STATUSES }).notNull(),
  n: column.cents('n').notNull(),
  amountCents: column.cents('amount_cents').notNull(),
});
