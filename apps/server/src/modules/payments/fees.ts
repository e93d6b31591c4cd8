import type { Fee } from '@prestaya/contracts';
import { feeTransition } from '@prestaya/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { fees } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { requireVisibleLoan } from '../loans/access.ts';
import { recomputeLoan } from '../loans/balance.ts';
import { toFeeDto } from './mapping.ts';
import { FEE_AUDIT_ENTITY } from './messages.ts';
import { feesOf, lockVisibleLoan } from './queries.ts';

/** GET /loans/{id}/fees: every fee of a visible loan (the 'Multas' dialog), oldest first. */
export async function listLoanFees(db: AppDb, actor: CustomerActor, loanId: string): Promise<Fee[]> {
  await requireVisibleLoan(db, actor, loanId);
  return (await feesOf(db, loanId)).map(toFeeDto);
}

/**
 * PUT /loans/{id}/fees/{feeId}/cancel (administrators): forgives a PENDING fee (CANCELLED; it still
 * counts toward its installment's weekly cap, so the accrual does not replace it) for the reason given,
 * which stays on the fee. Any other status, or a fee part of which an abono paid or holds, → 409. The loan is recomputed and the cancellation audited.
 */
export async function cancelFee(
  db: AppDb,
  actor: CustomerActor,
  loanId: string,
  feeId: string,
  reason: string,
  today: string,
): Promise<Fee> {
  return db.transaction(async (tx) => {
    const loan = await lockVisibleLoan(tx, actor, loanId);
    const [fee] = await tx
      .select()
      .from(fees)
      .where(and(eq(fees.id, feeId), eq(fees.loanId, loan.id)))
      .for('no key update');
    if (!fee) throw refuse('fee.not_found');
    // Forgiving a fee an abono paid or holds part of would lose that part from the loan's figures.
    if (fee.paidCents > 0 || fee.heldCents > 0) throw refuse('fee.has_abono');
    const forgiven = feeTransition(fee.status, { kind: 'cancel' });
    if (!forgiven.ok) throw refuse(forgiven.refusal);
    const [cancelled] = await tx
      .update(fees)
      .set({ status: forgiven.to, cancelledOn: sql`now()`, cancelledBy: actor.id, cancelReason: reason })
      .where(eq(fees.id, fee.id))
      .returning();
    if (!cancelled) throw new Error('update returned no row');
    await recomputeLoan(tx, loan.id, { today, actorId: actor.id, reason: 'fee_cancelled' });
    await writeAudit(tx, {
      actorId: actor.id,
      entity: FEE_AUDIT_ENTITY,
      entityId: fee.id,
      action: 'cancelled',
      before: { ...toFeeDto(fee), loanId: loan.id, loanNum: loan.num },
      after: { ...toFeeDto(cancelled), loanId: loan.id, loanNum: loan.num },
    });
    return toFeeDto(cancelled);
  });
}
