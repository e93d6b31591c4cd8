import { sql } from 'drizzle-orm';
import { CSV_ROW_LIMIT } from '../../csv/send.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/** A customer's confirmed cash of one business month, as both readers below return it. */
export interface MonthlyCashSqlRow {
  id: string;
  num: number;
  name: string;
  last_name: string;
  second_last_name: string | null;
  curp: string;
  /** YYYY-MM */
  month: string;
  total_cents: string;
  payments: number;
}

/** The zone whose business months aml_cash_month_tally is keyed by (migration aml_cash_month_tally). */
export async function cashTallyZone(db: DbOrTx): Promise<string | undefined> {
  const [row] = rowsOf<{ zone: string }>(await db.execute(sql`select aml_cash_tally_zone() as zone`));
  return row?.zone;
}

/** The first day of each month of the quarter starting on `from` (YYYY-MM-01; never across a year). */
function quarterMonths(from: string): string[] {
  const [year, month] = from.split('-').map(Number) as [number, number];
  return [0, 1, 2].map((i) => `${year}-${String(month + i).padStart(2, '0')}-01`);
}

/**
 * The customers whose confirmed cash of a month of the quarter reaches the threshold, from the tally:
 * one equality on the month each, so aml_cash_month_tally_month_total_idx yields only the rows at or
 * over the threshold, whatever the number of the quarter's payments or customers.
 */
export async function monthlyFromTally(
  db: DbOrTx,
  range: { from: string },
  monthlyCashCents: number,
): Promise<MonthlyCashSqlRow[]> {
  return rowsOf<MonthlyCashSqlRow>(
    await db.execute(sql`
      select c.id, c.num, c.name, c.last_name, c.second_last_name, c.curp, to_char(t.month, 'YYYY-MM') as month,
             t.total_cents::text as total_cents, t.payments
        from aml_cash_month_tally t
        join customers c on c.id = t.customer_id
       where t.month in (${sql.join(
         quarterMonths(range.from).map((month) => sql`${month}::date`),
         sql`, `,
       )})
         and t.total_cents >= ${monthlyCashCents}
       order by t.month, c.num
       limit ${CSV_ROW_LIMIT}`),
  );
}

/**
 * The same from the payments themselves, grouped by customer and month of the given zone: what the
 * tally holds, for a server whose business zone is not the tally's (until it re-keys it) and for the
 * tests that compare the two.
 */
export async function monthlyFromPayments(
  db: DbOrTx,
  q: { from: Date; until: Date; timeZone: string; monthlyCashCents: number },
): Promise<MonthlyCashSqlRow[]> {
  // Grouped by ordinal: the month's expression carries the time zone as a parameter, and a repeated
  // parameter in GROUP BY would not be the select's expression to PostgreSQL.
  return rowsOf<MonthlyCashSqlRow>(
    await db.execute(sql`
      select c.id, c.num, c.name, c.last_name, c.second_last_name, c.curp, m.month, m.total_cents::text, m.payments
        from (select l.customer_id, to_char(p.collected_at at time zone ${q.timeZone}, 'YYYY-MM') as month,
                     sum(p.amount_cents) as total_cents, count(*)::int as payments
                from payments p join loans l on l.id = p.loan_id
               where p.status = 'PAID' and p.payment_method = 'CASH'
                 and p.collected_at >= ${q.from.toISOString()} and p.collected_at < ${q.until.toISOString()}
               group by 1, 2
              having sum(p.amount_cents) >= ${q.monthlyCashCents}) m
        join customers c on c.id = m.customer_id
       order by m.month, c.num
       limit ${CSV_ROW_LIMIT}`),
  );
}

/**
 * Re-keys the tally to `timeZone` when it was kept for another zone (a server started with another
 * TZ_BUSINESS): one statement over the confirmed cash payments, at start.
 */
export async function keepCashTallyZone(db: DbOrTx, timeZone: string): Promise<boolean> {
  if ((await cashTallyZone(db)) === timeZone) return false;
  await db.execute(sql`select aml_cash_month_tally_rezone(${timeZone})`);
  return true;
}
