import {
  installmentActionSources,
  installmentTransition,
  OPEN_STATUSES,
  PAYABLE_INSTALLMENT_STATUSES,
} from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import type { AppTx } from '../db/client.ts';
import { sqlLiterals } from '../db/literals.ts';
import { rowsOf } from '../db/rows.ts';

/** An installment past due: the statuses the machine's `fallDue` moves from, and the one it moves to. */
export const FALL_DUE = (() => {
  const from = installmentActionSources({ kind: 'fallDue' });
  const [first] = from;
  const move = first && installmentTransition(first, { kind: 'fallDue' });
  if (!move?.ok) throw new Error('no installment falls due');
  // batchCandidates looks for them among the payable installments.
  const payable: readonly string[] = PAYABLE_INSTALLMENT_STATUSES;
  if (!from.every((status) => payable.includes(status)))
    throw new Error('an installment falls due unpayable');
  return { from, to: move.to };
})();

export interface BatchCandidates {
  /** The loans this batch examines, in id order: the keyset of the next batch starts after the last. */
  examined: string[];
  /** Those that may have work: the only ones the batch locks. */
  withWork: string[];
}

/**
 * The next `size` ACTIVE/DELAYED loans after `afterLoanId` (through `untilLoanId`) with an owed
 * installment due before `throughDate` (the loan's oldest_unpaid_due_date, which the installments'
 * triggers keep), read without locking, each with whether the batch may have something to do for
 * it — a necessary condition of the batch's writes, checked from index probes only:
 *
 * - the loan is not DELAYED yet (its recompute will say DELAYED), or
 * - it has an installment PENDING past due (to turn DELAYED), or
 * - it has an installment PENDING or DELAYED past due whose fees (cancelled ones too) are under the
 *   loan's weekly cap and do not cover every day from its first chargeable day through `throughDate`
 *   (a day without a fee may get one; a day it spent in validation never does, so such an
 *   installment is looked at again by every run until its cap or its payment).
 *
 * A rerun of the same day finds no loan with work: it locks and writes nothing. A loan whose state a
 * payment changes after this read is locked and decided afresh if it was found with work, and else
 * is the next run's (which catches missed days up).
 */
export async function batchCandidates(
  tx: AppTx,
  options: {
    throughDate: string;
    timeZone: string;
    afterLoanId: string | null;
    /** The last loan id of the range this batch belongs to (null: to the end). */
    untilLoanId: string | null;
    size: number;
  },
): Promise<BatchCandidates> {
  const { throughDate, timeZone, afterLoanId, untilLoanId, size } = options;
  const through = sql`${throughDate}::date`;
  const rows = rowsOf<{ id: string; work: boolean }>(
    await tx.execute(sql`
      -- The batch's loans first, in a CTE of their own: planned as one query, the probes below were
      -- evaluated for every candidate loan of the portfolio before the sort by id and the limit
      -- picked 2,000 of them (after a first run's ANALYZE of loans): every batch paid for all.
      with batch as materialized (
        select l.id, l.status, l.created_on, l.weekly_fee_cents
          from loans l
         where ${afterLoanId === null ? sql`true` : sql`l.id > ${afterLoanId}::uuid`}
           and ${untilLoanId === null ? sql`true` : sql`l.id <= ${untilLoanId}::uuid`}
           and l.status in (${sqlLiterals(OPEN_STATUSES)})
           and l.oldest_unpaid_due_date < ${through}
         order by l.id
         limit ${size}
      )
      -- One read of the loan's installments past due for both questions (PENDING, or short of fees):
      -- a rerun answers no to both for every loan, and asked apart they read the installments twice.
      select l.id,
             (l.status <> 'DELAYED'
              or exists (
                select 1
                  from scheduled_payments sp
                  cross join lateral (
                    select coalesce(sum(f.amount_cents), 0) as accrued,
                           count(*) filter (
                             where f.fee_date >= greatest(sp.due_date + 1, (l.created_on at time zone ${timeZone})::date)
                               and f.fee_date <= ${through}) as charged
                      from fees f
                     where f.scheduled_payment_id = sp.id) f
                 where sp.loan_id = l.id and sp.status in (${sqlLiterals(PAYABLE_INSTALLMENT_STATUSES)})
                   and sp.due_date < ${through}
                   and (sp.status in (${sqlLiterals(FALL_DUE.from)})
                        or (f.accrued < l.weekly_fee_cents
                            and f.charged < ${through} - greatest(sp.due_date + 1, (l.created_on at time zone ${timeZone})::date) + 1)))
             ) as work
        from batch l
       order by l.id`),
  );
  return {
    examined: rows.map((row) => row.id),
    withWork: rows.filter((row) => row.work).map((row) => row.id),
  };
}
