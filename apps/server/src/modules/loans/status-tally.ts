import type { LoanStatus } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { loanStatusTally } from '../../db/schema/loans.ts';
import { countByStatus } from '../../db/status-tally.ts';

/** The number of loans in `status` (every loan without one), from the tally of migration 0008. */
export function countLoansByStatus(db: DbOrTx, status: LoanStatus | undefined): Promise<number> {
  return countByStatus(db, loanStatusTally, status);
}

/**
 * Folds the tally's rows into one per status (the daily job; the triggers append one or two rows per
 * status-changing statement). One statement: a reader sees the rows before or after it, never both, and
 * rows appended meanwhile are left for the next run. Returns how many rows it folded.
 */
export async function compactLoanStatusTally(db: DbOrTx): Promise<number> {
  const [row] = rowsOf<{ folded: number }>(
    await db.execute(sql`
      with folded as (delete from ${loanStatusTally} returning status, n),
           kept as (
             insert into ${loanStatusTally} (status, n)
             select status, sum(n) from folded group by status having sum(n) <> 0
           )
      select count(*)::int as folded from folded`),
  );
  return row?.folded ?? 0;
}
