import { DEFAULT_WRITE_OFF_MIN_DAYS, WRITE_OFF_MIN_DAYS_BOUNDS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { loans } from './loans.ts';
import { users } from './users.ts';

/**
 * A loan's write-off ('Castigo', docs/product.md "Castigo"): at most one per loan, written in the
 * transaction that moves the loan to WRITTEN_OFF. `amount_cents` is what the loan still owed that day
 * (its currentBalance: installments not paid and fines pending), the figure 'Cartera castigada' shows
 * as written off; what is recovered later is the sum of the loan's PAID payments marked `recovery`.
 */
export const loanWriteOffs = pgTable(
  'loan_write_offs',
  {
    id: column.id(),
    loanId: column.owner('loan_id', () => loans.id).unique('loan_write_offs_loan_unique'),
    amountCents: column.cents('amount_cents').notNull(),
    /** Outstanding principal written off (portfolio-risk's definition), for the report of losses. */
    principalCents: column.cents('principal_cents').notNull(),
    daysPastDue: integer('days_past_due').notNull(),
    reason: text('reason').notNull(),
    /** The business day of the write-off. */
    writtenOffOn: column.day('written_off_on').notNull(),
    writtenOffBy: uuid('written_off_by').references(() => users.id),
    createdOn: column.createdOn(),
  },
  (table) => [
    check('loan_write_offs_amounts', sql`${table.amountCents} >= 0 and ${table.principalCents} >= 0`),
    check('loan_write_offs_reason_length', sql`char_length(${table.reason}) between 3 and 300`),
    // 'Cartera castigada': newest first.
    index('loan_write_offs_created_idx').on(table.createdOn, table.id),
  ],
);
export type LoanWriteOffRow = typeof loanWriteOffs.$inferSelect;

/**
 * The write-off policy an administrator sets on 'Cartera castigada': one row (id 1, written by the
 * migration). `min_days_past_due`: days past due of the oldest unpaid installment from which a loan
 * may be written off (default DEFAULT_WRITE_OFF_MIN_DAYS, 90).
 */
export const writeOffSettings = pgTable(
  'write_off_settings',
  {
    id: smallint('id').primaryKey().default(1),
    minDaysPastDue: integer('min_days_past_due').notNull().default(DEFAULT_WRITE_OFF_MIN_DAYS),
    updatedOn: column.updatedOn(),
    /** No foreign key, like audit_log: who last saved (null: never saved). */
    updatedBy: uuid('updated_by'),
  },
  (table) => [
    check('write_off_settings_one_row', sql`${table.id} = 1`),
    check(
      'write_off_settings_days',
      sql`${table.minDaysPastDue} between ${sql.raw(String(WRITE_OFF_MIN_DAYS_BOUNDS.min))} and ${sql.raw(String(WRITE_OFF_MIN_DAYS_BOUNDS.max))}`,
    ),
  ],
);
