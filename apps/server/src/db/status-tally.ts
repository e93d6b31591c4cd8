import { eq, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client.ts';

/** A tally the triggers keep per status: signed rows of `n`, summed by the reader. */
type StatusTally = PgTable & { status: PgColumn; n: PgColumn };

/**
 * How many rows are in `status` (every row without one), from a status tally (loans' of migration
 * 0008, payments' of report_tallies): a sum over a handful of rows instead of a count(*).
 */
export async function countByStatus(
  db: DbOrTx,
  tally: StatusTally,
  status: string | undefined,
): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${tally.n}), 0)` })
    .from(tally)
    .where(status === undefined ? undefined : eq(tally.status, status));
  return Number(row?.n ?? 0);
}
