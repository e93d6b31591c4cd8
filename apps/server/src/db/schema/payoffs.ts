import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { loans } from './loans.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * An early payoff ('Liquidación anticipada', packages/domain payoff.ts): the quote its payment paid,
 * one row per payoff payment, written in the payment's transaction. The discount is kept here and on
 * each payment line (payment_items.discount_cents), so it is recorded, never lost: the lines' cash
 * plus their discounts close every item that remained. The row follows its payment: confirmed, the loan
 * is PAID; rejected, every part (cash and discount) goes back to its item. `renewal_loan_id`: the new
 * loan whose delivery settled it ('Renovación'), else null.
 */
export const loanPayoffs = pgTable(
  'loan_payoffs',
  {
    id: column.id(),
    loanId: column.owner('loan_id', () => loans.id),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id)
      .unique('loan_payoffs_payment_unique'),
    /** The business day the quote was for. */
    quotedOn: column.day('quoted_on').notNull(),
    installmentsCents: column.cents('installments_cents').notNull(),
    finesCents: column.cents('fines_cents').notNull(),
    interestNotDueCents: column.cents('interest_not_due_cents').notNull(),
    discountBp: integer('discount_bp').notNull(),
    discountCents: column.cents('discount_cents').notNull(),
    quoteCents: column.cents('quote_cents').notNull(),
    renewalLoanId: uuid('renewal_loan_id').references(() => loans.id),
    createdBy: uuid('created_by').references(() => users.id),
    createdOn: column.createdOn(),
  },
  (table) => [
    check(
      'loan_payoffs_sum',
      sql`${table.quoteCents} = ${table.installmentsCents} + ${table.finesCents} - ${table.discountCents}`,
    ),
    check(
      'loan_payoffs_discount',
      sql`${table.discountCents} >= 0 and ${table.discountCents} <= ${table.interestNotDueCents}`,
    ),
    index('loan_payoffs_loan_idx').on(table.loanId),
  ],
);
export type LoanPayoffRow = typeof loanPayoffs.$inferSelect;
