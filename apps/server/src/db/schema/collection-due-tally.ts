import { index, pgTable } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';

/**
 * The summary of 'Cobranza' for the whole business (modules/collections/whole-business.ts), kept by
 * statement triggers (migration collection_due_tally) like the report tallies: every write appends
 * signed delta rows, a figure is the sum of its rows and the daily job folds them
 * (modules/reports/fold.ts). Over the open loans (ACTIVE, DELAYED), keyed by a day:
 * - `loans`, `fee_loans`: the loans whose oldest payable installment (PENDING, DELAYED) is due that day,
 *   without and with a PENDING fee (a loan with fees and nothing payable has a null day);
 * - `due_cents`: what remains to pay of the payable installments due that day;
 * - `fee_cents`: what remains to pay of the PENDING fees (null day).
 * So the tabs' counts and 'A cobrar hoy' read one row per day of the calendar, at any size of business.
 */
export const collectionDueTally = pgTable('collection_due_tally', {
  day: column.day('day'),
  loans: column.cents('loans').notNull(),
  feeLoans: column.cents('fee_loans').notNull(),
  dueCents: column.cents('due_cents').notNull(),
  feeCents: column.cents('fee_cents').notNull(),
});

/**
 * The open loans in 'Hoy' by their standing promise alone (no pending fee), kept by the same triggers
 * on loans: per day promised (`loans.promised_date`, the loan's latest promise) and oldest payable due
 * date (null: nothing payable), how many. 'Hoy' counts those promised today whose oldest due date is
 * not yet reached: the rows of one promised day.
 */
export const collectionPromiseTally = pgTable(
  'collection_promise_tally',
  {
    promised: column.day('promised').notNull(),
    day: column.day('day'),
    loans: column.cents('loans').notNull(),
  },
  (table) => [index('collection_promise_tally_promised_idx').on(table.promised)],
);
