import { centsToPesos } from '@prestaya/contracts';
import {
  ACCRUED_FEE_STATUS,
  BALANCED_STATUSES,
  type FeeState,
  type InstallmentState,
  type LoanStanding,
  type LoanStatus,
  loanStanding,
  transition,
} from '@prestaya/domain';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { uuidArray } from '../../db/arrays.ts';
import type { AppTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { type LoanRow, loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import { LOAN_AUDIT_ENTITY } from './messages.ts';

/** Ids per statement, well under PostgreSQL's 65,535 bind parameters. */
const CHUNK = 1_000;

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Locks loan rows with `SELECT … FOR NO KEY UPDATE`, in id order. Every writer of a delivered loan's
 * installments, fees or payments takes this lock FIRST (registration, confirm, reject, fee cancel, the
 * accrual), so they take turns per loan, in one lock order, without deadlocks. NO KEY UPDATE (not
 * UPDATE) because inserting a fee or a payment takes a KEY SHARE lock on the loan through the foreign
 * key, which a plain FOR UPDATE held by another transaction would block.
 */
export async function lockLoans(tx: AppTx, loanIds: readonly string[], where?: SQL): Promise<LoanRow[]> {
  const rows: LoanRow[] = [];
  for (const ids of chunks([...new Set(loanIds)].sort())) {
    rows.push(
      ...(await tx
        .select()
        .from(loans)
        .where(and(sql`${loans.id} = any(${uuidArray(ids)}::uuid[])`, where))
        .orderBy(asc(loans.id))
        .for('no key update')),
    );
  }
  return rows;
}

export interface RecomputeOptions {
  /** The business day the statuses are computed for (app.businessClock's today for a request). */
  today: string;
  /** Who caused it (audit); null for the system (the accrual job). */
  actorId: string | null;
  /** Why, kept in the audit row ('payment_confirmed', 'fee_cancelled', 'fees_accrued'…). */
  reason: string;
}

/** Fees a transaction inserts after the recomputation, per loan: their number and centavos. */
export type AddedFees = ReadonlyMap<string, { count: number; amountCents: number }>;

const standingSnapshot = (s: Omit<LoanStanding, 'status'> & { status: LoanStatus }) => ({
  status: s.status,
  currentRealAmount: centsToPesos(s.currentRealAmountCents),
  currentBalance: centsToPesos(s.currentBalanceCents),
});

/**
 * THE recomputation of delivered loans (packages/domain/src/loan-balance.ts has the rule): currentRealAmount,
 * currentBalance and status (ACTIVE/DELAYED/PAID) from the loan's installments and fees. Runs in the
 * caller's transaction after its own changes; locks the loans (lockLoans) before reading, so what it
 * reads is what the other writers of these loans committed. Loans PENDING, APPROVED or CANCELLED are
 * never touched; a WRITTEN_OFF one has its balances recomputed and keeps its status (a recovery). Writes and audits only the loans whose values change ('recomputed', with `reason`).
 * Returns the number of loans changed.
 */
export async function recomputeLoans(
  tx: AppTx,
  loanIds: readonly string[],
  options: RecomputeOptions,
): Promise<number> {
  const locked = await lockLoans(tx, loanIds, inArray(loans.status, [...BALANCED_STATUSES]));
  return recomputeLockedLoans(tx, locked, options);
}

/**
 * recomputeLoans for rows of ACTIVE, DELAYED or PAID loans the caller has already locked in this
 * transaction with lockLoans' lock (the accrual locks its loans first; locking 20,000 rows again cost
 * it ~0.6 s).
 *
 * `addedFees`: new fees (ACCRUED_FEE_STATUS, unpaid) the caller will insert for these loans after
 * this, counted as if inserted: the balances include them and the loan's pending_fees is raised by
 * their number, so that the fees' trigger (loan_collection_due_refresh, migration 0049) finds the
 * loan already right and writes it no second time. A loan written twice in one transaction is
 * dearer than twice once: the second write re-checks its four foreign keys (its row is this
 * transaction's), and both go through the loans' statement triggers (docs/performance-history.md
 * "Late-fee accrual, S18"). The caller must insert exactly those fees (the accrual checks it).
 */
export async function recomputeLockedLoans(
  tx: AppTx,
  lockedRows: readonly LoanRow[],
  options: RecomputeOptions & { addedFees?: AddedFees },
): Promise<number> {
  const { today, addedFees } = options;
  let changed = 0;
  for (const batch of chunks(lockedRows)) {
    const ids = sql`${uuidArray(batch.map((loan) => loan.id))}::uuid[]`;
    // Installments summed per status, each group with its earliest due date: loanStanding answers the
    // same for these groups as for the rows (amounts add up; "an unpaid one is past due" holds for a
    // group exactly when it holds for its earliest), from ~3 rows a loan instead of 12.
    const installmentRows = await tx
      .select({
        loanId: scheduledPayments.loanId,
        status: scheduledPayments.status,
        amountCents: sql<number>`sum(${scheduledPayments.amountCents})`.mapWith(Number),
        paidCents: sql<number>`sum(${scheduledPayments.paidCents})`.mapWith(Number),
        dueDate: sql<string>`min(${scheduledPayments.dueDate})::text`,
      })
      .from(scheduledPayments)
      .where(sql`${scheduledPayments.loanId} = any(${ids})`)
      .groupBy(scheduledPayments.loanId, scheduledPayments.status);
    // Fees summed per status: a loan may have hundreds of them, the rule only needs the totals.
    const feeRows = await tx
      .select({
        loanId: fees.loanId,
        status: fees.status,
        amountCents: sql<number>`sum(${fees.amountCents})`.mapWith(Number),
        paidCents: sql<number>`sum(${fees.paidCents})`.mapWith(Number),
      })
      .from(fees)
      .where(sql`${fees.loanId} = any(${ids})`)
      .groupBy(fees.loanId, fees.status);

    const installmentsOf = new Map<string, InstallmentState[]>();
    for (const row of installmentRows) {
      const list = installmentsOf.get(row.loanId);
      if (list) list.push(row);
      else installmentsOf.set(row.loanId, [row]);
    }
    const feesOf = new Map<string, FeeState[]>();
    for (const row of feeRows) {
      const list = feesOf.get(row.loanId);
      if (list) list.push(row);
      else feesOf.set(row.loanId, [row]);
    }

    const updates = batch.flatMap((loan) => {
      const added = addedFees?.get(loan.id);
      const loanFees = feesOf.get(loan.id) ?? [];
      if (added && added.count > 0)
        loanFees.push({ status: ACCRUED_FEE_STATUS, amountCents: added.amountCents, paidCents: 0 });
      const standing = loanStanding(installmentsOf.get(loan.id) ?? [], loanFees, today);
      // Only delivered loans are locked for recomputation, so the machine always moves them.
      const move = transition(loan.status, { kind: 'recompute', standing: standing.status });
      if (!move.ok) return [];
      const next = { ...standing, status: move.to };
      const same =
        next.status === loan.status &&
        next.currentBalanceCents === loan.currentBalanceCents &&
        next.currentRealAmountCents === loan.currentRealAmountCents &&
        !added?.count;
      return same ? [] : [{ loan, next, addedFees: added?.count ?? 0 }];
    });
    if (updates.length === 0) continue;

    // One JSON parameter per statement (not 4 or 8 placeholders a row): 1,000 rows bind and plan as one
    // value. Integers travel as JSON numbers, exact well past any loan's centavos.
    const changes = JSON.stringify(
      updates.map(({ loan, next, addedFees: added }) => ({
        id: loan.id,
        status: next.status,
        real_cents: next.currentRealAmountCents,
        balance_cents: next.currentBalanceCents,
        added_fees: added,
      })),
    );
    await tx.execute(sql`
      update ${loans} set
        status = v.status,
        current_real_amount_cents = v.real_cents,
        current_balance_cents = v.balance_cents,
        pending_fees = ${loans.pendingFees} + v.added_fees,
        updated_on = now()
      from jsonb_to_recordset(${changes}::jsonb)
        as v(id uuid, status text, real_cents bigint, balance_cents bigint, added_fees integer)
      where ${loans.id} = v.id`);
    const auditRows = JSON.stringify(
      updates.map(({ loan, next }) => ({
        id: uuidv7(),
        user_id: options.actorId,
        entity: LOAN_AUDIT_ENTITY,
        entity_id: loan.id,
        action: 'recomputed',
        before: standingSnapshot({
          status: loan.status,
          currentRealAmountCents: loan.currentRealAmountCents,
          currentBalanceCents: loan.currentBalanceCents,
        }),
        after: { ...standingSnapshot(next), num: loan.num, reason: options.reason },
      })),
    );
    await tx.execute(sql`
      insert into ${auditLog} (id, user_id, entity, entity_id, action, before, after)
      select id, user_id, entity, entity_id, action, before, after
        from jsonb_to_recordset(${auditRows}::jsonb)
          as r(id uuid, user_id uuid, entity text, entity_id text, action text, before jsonb, after jsonb)`);
    changed += updates.length;
  }
  return changed;
}

/** recomputeLoans for one loan (payment registration, confirm, reject, fee cancel). */
export async function recomputeLoan(tx: AppTx, loanId: string, options: RecomputeOptions): Promise<number> {
  return recomputeLoans(tx, [loanId], options);
}
