import { centsToPesos } from '@prestaya/contracts';
import { and, asc, inArray, type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppTx } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { type LoanRow, loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import {
  COMPUTED_LOAN_STATUSES,
  type FeeState,
  type InstallmentState,
  type LoanStanding,
  loanStanding,
} from '../../domain/loan-balance.ts';
import { businessToday } from './business-day.ts';
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
        .where(and(inArray(loans.id, ids), where))
        .orderBy(asc(loans.id))
        .for('no key update')),
    );
  }
  return rows;
}

export interface RecomputeOptions {
  /** The business day the statuses are computed for; defaults to today in TZ_BUSINESS. */
  today?: string | undefined;
  /** Who caused it (audit); null for the system (the accrual job). */
  actorId: string | null;
  /** Why, kept in the audit row ('payment_confirmed', 'fee_cancelled', 'fees_accrued'…). */
  reason: string;
}

const standingSnapshot = (s: LoanStanding) => ({
  status: s.status,
  currentRealAmount: centsToPesos(s.currentRealAmountCents),
  currentBalance: centsToPesos(s.currentBalanceCents),
});

/**
 * THE recomputation of delivered loans (domain/loan-balance.ts has the rule): currentRealAmount,
 * currentBalance and status (ACTIVE/DELAYED/PAID) from the loan's installments and fees. Runs in the
 * caller's transaction after its own changes; locks the loans (lockLoans) before reading, so what it
 * reads is what the other writers of these loans committed. Loans PENDING, APPROVED or CANCELLED are
 * never touched. Writes and audits only the loans whose values change ('recomputed', with `reason`).
 * Returns the number of loans changed.
 */
export async function recomputeLoans(
  tx: AppTx,
  loanIds: readonly string[],
  options: RecomputeOptions,
): Promise<number> {
  const today = options.today ?? businessToday();
  const locked = await lockLoans(tx, loanIds, inArray(loans.status, [...COMPUTED_LOAN_STATUSES]));
  let changed = 0;
  for (const batch of chunks(locked)) {
    const ids = batch.map((loan) => loan.id);
    const installmentRows = await tx
      .select({
        loanId: scheduledPayments.loanId,
        amountCents: scheduledPayments.amountCents,
        status: scheduledPayments.status,
        dueDate: scheduledPayments.dueDate,
      })
      .from(scheduledPayments)
      .where(inArray(scheduledPayments.loanId, ids));
    // Fees summed per status: a loan may have hundreds of them, the rule only needs the totals.
    const feeRows = await tx
      .select({
        loanId: fees.loanId,
        status: fees.status,
        amountCents: sql<number>`sum(${fees.amountCents})`.mapWith(Number),
      })
      .from(fees)
      .where(inArray(fees.loanId, ids))
      .groupBy(fees.loanId, fees.status);

    const installmentsOf = new Map<string, InstallmentState[]>();
    for (const row of installmentRows) {
      installmentsOf.set(row.loanId, [...(installmentsOf.get(row.loanId) ?? []), row]);
    }
    const feesOf = new Map<string, FeeState[]>();
    for (const row of feeRows) feesOf.set(row.loanId, [...(feesOf.get(row.loanId) ?? []), row]);

    const updates = batch.flatMap((loan) => {
      const next = loanStanding(installmentsOf.get(loan.id) ?? [], feesOf.get(loan.id) ?? [], today);
      const same =
        next.status === loan.status &&
        next.currentBalanceCents === loan.currentBalanceCents &&
        next.currentRealAmountCents === loan.currentRealAmountCents;
      return same ? [] : [{ loan, next }];
    });
    if (updates.length === 0) continue;

    const values = sql.join(
      updates.map(
        ({ loan, next }) =>
          sql`(${loan.id}::uuid, ${next.status}::text, ${next.currentRealAmountCents}::bigint, ${next.currentBalanceCents}::bigint)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${loans} set
        status = v.status,
        current_real_amount_cents = v.real_cents,
        current_balance_cents = v.balance_cents,
        updated_on = now()
      from (values ${values}) as v(id, status, real_cents, balance_cents)
      where ${loans.id} = v.id`);
    await tx.insert(auditLog).values(
      updates.map(({ loan, next }) => ({
        id: uuidv7(),
        userId: options.actorId,
        entity: LOAN_AUDIT_ENTITY,
        entityId: loan.id,
        action: 'recomputed',
        before: standingSnapshot({
          status: loan.status as LoanStanding['status'],
          currentRealAmountCents: loan.currentRealAmountCents,
          currentBalanceCents: loan.currentBalanceCents,
        }),
        after: { ...standingSnapshot(next), num: loan.num, reason: options.reason },
      })),
    );
    changed += updates.length;
  }
  return changed;
}

/** recomputeLoans for one loan (payment registration, confirm, reject, fee cancel). */
export async function recomputeLoan(tx: AppTx, loanId: string, options: RecomputeOptions): Promise<number> {
  return recomputeLoans(tx, [loanId], options);
}
