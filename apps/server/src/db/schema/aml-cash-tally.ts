import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';

/**
 * The confirmed cash of each customer and business month, the monthly half of PLD's 'operaciones
 * relevantes' (modules/aml/relevant-operations.ts): Σ amount and count of the payments PAID in CASH
 * collected in that month on the business clock, by the loan's customer. Kept by statement triggers
 * on payments (migration aml_cash_month_tally), one row per customer and month updated in place, so the
 * quarter's report reads the rows at or over the threshold off `aml_cash_month_tally_month_total_idx`
 * instead of grouping every cash payment of the quarter. `month` is the month's first day.
 */
export const amlCashMonthTally = pgTable(
  'aml_cash_month_tally',
  {
    customerId: uuid('customer_id').notNull(),
    month: column.day('month').notNull(),
    totalCents: column.cents('total_cents').notNull(),
    payments: integer('payments').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.customerId, table.month], name: 'aml_cash_month_tally_pkey' }),
    index('aml_cash_month_tally_month_total_idx').on(table.month, table.totalCents),
  ],
);

/**
 * The time zone whose months `aml_cash_month_tally` is keyed by (one row, id 1). The triggers read it;
 * the report reads the tally only when it is the server's business time zone, and a server started
 * with another one re-keys the tally (`aml_cash_month_tally_rezone`).
 */
export const amlCashTallyZone = pgTable(
  'aml_cash_tally_zone',
  {
    id: smallint('id').primaryKey().default(1),
    timeZone: text('time_zone').notNull(),
  },
  (table) => [check('aml_cash_tally_zone_one_row', sql`${table.id} = 1`)],
);
