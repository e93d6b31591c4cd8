import { INSTALLMENT_STATUSES, LOAN_STATUSES, OPEN_STATUSES } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { sqlLiterals } from '../literals.ts';
import { bankAccounts } from './bank-accounts.ts';
import * as column from './columns.ts';
import { customers } from './customers.ts';
import { DEFAULT_PRODUCT_ID, loanProducts } from './loan-products.ts';
import { users } from './users.ts';

/**
 * Loans (docs/architecture.md "Loan policy", "Loan lifecycle and the cash ledger"). Amounts in centavos,
 * fixed at request time by the pure loan policy; `current_real_amount_cents` and `current_balance_cents` are
 * kept by the server (recomputed on every change of installments or fees), never sent by a client.
 */
export const loans = pgTable(
  'loans',
  {
    id: column.id(),
    num: integer('num').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1000 }),
    customerId: column.owner('customer_id', () => customers.id),
    amountCents: column.cents('amount_cents').notNull(),
    termWeeks: integer('term_weeks').notNull().default(12),
    dailyFeeCents: column.cents('daily_fee_cents').notNull(),
    weeklyFeeCents: column.cents('weekly_fee_cents').notNull(),
    interestBp: integer('interest_bp').notNull(),
    totalCents: column.cents('total_cents').notNull(),
    // The product the loan was requested under and the rest of its copy of the product's terms (the
    // late-fee cap in centavos is weekly_fee_cents). The defaults are the specification's product, for
    // loans older than products and rows written outside the loan service.
    productId: uuid('product_id')
      .notNull()
      .default(DEFAULT_PRODUCT_ID)
      .references(() => loanProducts.id),
    lateFeeCapBp: integer('late_fee_cap_bp').notNull().default(1_000),
    renewalThreshold: integer('renewal_threshold').notNull().default(8),
    payoffDiscountBp: integer('payoff_discount_bp').notNull().default(0),
    status: text('status', { enum: LOAN_STATUSES }).notNull().default('PENDING'),
    loanFromPast: boolean('loan_from_past').notNull().default(false),
    requestDate: column.day('request_date').notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id),
    approvedOn: column.instant('approved_on'),
    activatedOn: column.instant('activated_on'),
    currentRealAmountCents: column.cents('current_real_amount_cents').notNull().default(0),
    currentBalanceCents: column.cents('current_balance_cents').notNull().default(0),
    // The loan's unpaid installments (PENDING, DELAYED, VALIDATING) as the portfolio report needs them:
    // how many, the highest number among them, the earliest due date. Written only by the triggers on
    // scheduled_payments (migration report_tallies), whatever code wrote the installments.
    unpaidInstallments: integer('unpaid_installments').notNull().default(0),
    lastUnpaidNumber: integer('last_unpaid_number'),
    oldestUnpaidDueDate: column.day('oldest_unpaid_due_date'),
    // Σ principal part of what confirmed payments paid of those unpaid installments (domain
    // portfolio-risk.ts abonoPrincipalCents): the outstanding principal leaves it out. Same triggers.
    abonoPrincipalCents: column.cents('abono_principal_cents').notNull().default(0),
    // What 'Cobranza' decides its tabs on (collections/due-loans.ts): the oldest PAYABLE installment's
    // due date (PENDING or DELAYED: one in a payment 'En validación' is not payable, unlike the unpaid
    // figures above) and how many PENDING fees. Written only by the triggers on scheduled_payments and
    // fees (migration collection_due_figures), whatever code wrote the rows.
    oldestPayableDueDate: column.day('oldest_payable_due_date'),
    pendingFees: integer('pending_fees').notNull().default(0),
    // The day the loan's latest promise of payment (visits, by visited_at then id) is for: a promise for
    // today stands while no later one was made ('Hoy' of Cobranza). Written only by the triggers on
    // visits (migration collection_due_tally).
    promisedDate: column.day('promised_date'),
    createdBy: uuid('created_by').references(() => users.id),
    createdOn: column.createdOn(),
    updatedOn: column.updatedOn(),
    // Restructuring (modules/loans/restructure.ts; each one a loan_restructurings row): how many times,
    // the last one's instant and administrator, and what the portfolio report needs of its schedule
    // (domain portfolio-risk.ts): the principal outstanding when it was restructured, how many new
    // installments carry it and the number of the last of them. Null/0 for a loan never restructured.
    restructureCount: integer('restructure_count').notNull().default(0),
    restructuredOn: column.instant('restructured_on'),
    restructuredBy: uuid('restructured_by').references(() => users.id),
    restructuredPrincipalCents: column.cents('restructured_principal_cents'),
    restructuredWeeks: integer('restructured_weeks'),
    restructuredLastNumber: integer('restructured_last_number'),
    /**
     * 'Renovación': the customer's open loan this one renews; its delivery settles that loan's payoff
     * from this amount (loans/activate.ts). Null for a loan that renews none.
     */
    renewsLoanId: uuid('renews_loan_id').references((): AnyPgColumn => loans.id),
  },
  (table) => [
    check('loans_amount_positive', sql`${table.amountCents} > 0`),
    check('loans_status_valid', sql`${table.status} in (${sqlLiterals(LOAN_STATUSES)})`),
    check(
      'loans_balances_valid',
      sql`${table.currentBalanceCents} >= 0 and ${table.currentRealAmountCents} >= 0`,
    ),
    index('loans_customer_idx').on(table.customerId, table.createdOn),
    index('loans_renews_idx').on(table.renewsLoanId),
    // The global list (newest first, or one status newest first, modules/loans/list.ts) and its sort
    // by amount read a page off these, in either direction; the id is the list's tiebreaker.
    index('loans_status_idx').on(table.status, table.createdOn, table.id),
    index('loans_created_order_idx').on(table.createdOn, table.id),
    index('loans_amount_order_idx').on(table.amountCents, table.id),
    // An agent's open loans from their customers ('Cobranza'): a probe per customer that touches only
    // open loans, so the scope never reads the business-wide list of open loans. The predicate is
    // OPEN_STATUSES as the statements spell it (sqlLiterals), so the planner can use it.
    index('loans_open_customer_idx')
      .on(table.customerId)
      .where(sql`${table.status} in (${sqlLiterals(OPEN_STATUSES)})`),
    // 'Cobranza' of the whole business: the open loans with something due by a tab's day, or a pending
    // fee, found without reading every open loan's installments and fees.
    index('loans_open_payable_due_idx')
      .on(table.oldestPayableDueDate)
      .where(sql`${table.status} in (${sqlLiterals(OPEN_STATUSES)})`),
    index('loans_open_pending_fees_idx')
      .on(table.id)
      .where(sql`${table.status} in (${sqlLiterals(OPEN_STATUSES)}) and ${table.pendingFees} > 0`),
  ],
);

/** The 12 weekly installments generated at delivery. */
export const scheduledPayments = pgTable(
  'scheduled_payments',
  {
    id: column.id(),
    loanId: column.owner('loan_id', () => loans.id),
    paymentNumber: integer('payment_number').notNull(),
    dueDate: column.day('due_date').notNull(),
    amountCents: column.cents('amount_cents').notNull(),
    status: text('status', { enum: INSTALLMENT_STATUSES }).notNull().default('PENDING'),
    concept: text('concept').notNull(),
    paidOn: column.instant('paid_on'),
    /** The part confirmed payments paid of it; all of it once PAID (domain abono.ts). */
    paidCents: column.cents('paid_cents').notNull().default(0),
    /** The part payments in validation hold of it; all that is not paid while VALIDATING. */
    heldCents: column.cents('held_cents').notNull().default(0),
  },
  (table) => [
    unique('scheduled_payments_loan_number_unique').on(table.loanId, table.paymentNumber),
    // The key fees reference by (installment, loan) (payments.ts, fees_installment_loan_fk).
    unique('scheduled_payments_id_loan_unique').on(table.id, table.loanId),
    check('scheduled_payments_amount_positive', sql`${table.amountCents} > 0`),
    check('scheduled_payments_status_valid', sql`${table.status} in (${sqlLiterals(INSTALLMENT_STATUSES)})`),
    check(
      'scheduled_payments_parts_valid',
      // Within the amount by the rules (domain abono.ts), which the loan invariant checks.
      sql`${table.paidCents} >= 0 and ${table.heldCents} >= 0`,
    ),
    // A loan's installments due in one business week ('Semana' of Cobranza, modules/collections/
    // week.ts): one probe per loan of the agents asked reads only the week's rows (the unique key
    // above would fetch all 12 to filter their due dates).
    index('scheduled_payments_loan_due_idx').on(table.loanId, table.dueDate),
    // No index holds status: the accrual's PENDING → DELAYED (and a payment's VALIDATING, PAID) can
    // then be HOT updates, written in the row's own page (the table's fillfactor 90 leaves room, set in
    // the migration) without a new entry in every index. Readers find installments by loan.
  ],
);

/**
 * Every restructuring of a loan, kept for its history, statement and checks: who, when, why, the fines
 * choice and the sums (closed = Σ what remained of the installments it closed; spread = closed +
 * included fines = Σ its new installments, numbered first..last).
 */
export const loanRestructurings = pgTable(
  'loan_restructurings',
  {
    id: column.id(),
    loanId: column.owner('loan_id', () => loans.id),
    sequence: integer('sequence').notNull(),
    createdOn: column.createdOn(),
    createdBy: uuid('created_by').references(() => users.id),
    reason: text('reason').notNull(),
    /** 'incluir' (the fines became part of the new installments), else 'condonar' (forgiven). */
    finesIncluded: boolean('fines_included').notNull(),
    weeks: integer('weeks').notNull(),
    closedCents: column.cents('closed_cents').notNull(),
    condonedFinesCents: column.cents('condoned_fines_cents').notNull(),
    includedFinesCents: column.cents('included_fines_cents').notNull(),
    spreadCents: column.cents('spread_cents').notNull(),
    principalCents: column.cents('principal_cents').notNull(),
    firstPaymentNumber: integer('first_payment_number').notNull(),
    lastPaymentNumber: integer('last_payment_number').notNull(),
  },
  (table) => [
    unique('loan_restructurings_loan_sequence_unique').on(table.loanId, table.sequence),
    check(
      'loan_restructurings_sums_valid',
      sql`${table.closedCents} > 0 and ${table.spreadCents} = ${table.closedCents} + ${table.includedFinesCents}`,
    ),
  ],
);

/**
 * How many loans each status holds, kept by statement triggers on `loans` (migration 0008) so a list's
 * total never counts hundreds of thousands of rows. Append-only: every statement that changes statuses
 * adds one row per status it changed (+n / −n), so writers never wait on each other for a counter row;
 * a status's count is Σ n, and the daily job folds the rows into one per status (loans/status-tally.ts).
 */
export const loanStatusTally = pgTable('loan_status_tally', {
  status: text('status', { enum: LOAN_STATUSES }).notNull(),
  n: column.cents('n').notNull(),
});

export type LoanRow = typeof loans.$inferSelect;
export type ScheduledPaymentRow = typeof scheduledPayments.$inferSelect;
export type LoanRestructuringRow = typeof loanRestructurings.$inferSelect;
