import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * Each tally's delta rows and the columns that key them (db/schema/report-tallies.ts). Keys may be
 * null (a delivery has one of two keys, a loan without an overdue installment no date): GROUP BY puts
 * nulls together, as a fold must.
 */
const TALLIES = [
  {
    table: 'portfolio_tally',
    keys: ['status', 'restructured', 'oldest_unpaid_due_date'],
    sums: ['n', 'balance_cents', 'principal_cents'],
  },
  {
    table: 'collection_tally',
    keys: ['period_start'],
    sums: ['installments_cents', 'fees_cents', 'payments'],
  },
  { table: 'delivery_tally', keys: ['period_start', 'request_day'], sums: ['loans', 'amount_cents'] },
  { table: 'payment_status_tally', keys: ['status'], sums: ['n', 'amount_cents'] },
  // Cobranza's 'Semana' (migration installment_due_tally); agent_id is null for customers without one.
  {
    table: 'installment_due_tally',
    keys: ['agent_id', 'due_date'],
    sums: ['n', 'amount_cents', 'taken_n', 'taken_cents'],
  },
  // Cobranza's summary for the whole business (migration collection_due_tally); the fees' cents and the
  // open loans with nothing payable have a null day.
  { table: 'collection_due_tally', keys: ['day'], sums: ['loans', 'fee_loans', 'due_cents', 'fee_cents'] },
  { table: 'collection_promise_tally', keys: ['promised', 'day'], sums: ['loans'] },
] as const;

/**
 * Folds every report tally into one row per key, leaving out keys whose sums are all 0 (the daily job;
 * the triggers append rows on every write). One statement per tally: a reader sees its rows before or
 * after, never both, and rows appended meanwhile by transactions still open are not visible to the
 * DELETE, so they stay for the next run. Returns how many rows it folded, per tally.
 */
export async function foldReportTallies(db: DbOrTx): Promise<Record<string, number>> {
  const folded: Record<string, number> = {};
  for (const { table, keys, sums } of TALLIES) {
    const columns = [...keys, ...sums].join(', ');
    const totals = sums.map((column) => `sum(${column})`).join(', ');
    const nonZero = sums.map((column) => `sum(${column}) <> 0`).join(' or ');
    const [row] = rowsOf<{ folded: number }>(
      await db.execute(
        sql.raw(`
          with folded as (delete from ${table} returning ${columns}),
               kept as (
                 insert into ${table} (${columns})
                 select ${keys.join(', ')}, ${totals} from folded
                  group by ${keys.join(', ')} having ${nonZero}
               )
          select count(*)::int as folded from folded`),
      ),
    );
    folded[table] = row?.folded ?? 0;
  }
  return folded;
}
