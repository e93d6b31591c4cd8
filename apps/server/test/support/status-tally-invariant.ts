import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';

/**
 * The loan status tally (migration 0008) holds, for every status, Σ n = the number of loans in it —
 * counted here from the loans themselves. Returns the counts per status.
 */
export async function expectLoanStatusTally(db: DbOrTx): Promise<Record<string, number>> {
  const counted = rowsOf<{ status: string; n: number }>(
    await db.execute(sql`select status, count(*)::int as n from loans group by status`),
  );
  const tallied = rowsOf<{ status: string; n: number }>(
    await db.execute(
      sql`select status, sum(n)::int as n from loan_status_tally group by status having sum(n) <> 0`,
    ),
  );
  const asRecord = (rows: { status: string; n: number }[]) =>
    Object.fromEntries(rows.map((row) => [row.status, row.n]));
  expect(asRecord(tallied), 'loan_status_tally ≠ count(*) of loans per status').toEqual(asRecord(counted));
  return asRecord(counted);
}

/** The tally's rows as stored (before or after a fold), by status. */
export async function tallyRows(db: DbOrTx): Promise<{ status: string; n: number }[]> {
  return rowsOf(await db.execute(sql`select status, n::int as n from loan_status_tally order by status`));
}
