import { centsToPesos } from '@prestaya/contracts';
import { feeTransition } from '@prestaya/domain';
import { inArray, sql } from 'drizzle-orm';
import type { AppTx } from '../../db/client.ts';
import type { LoanRow } from '../../db/schema/loans.ts';
import { type FeeRow, fees } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import type { RestructureChoice } from './restructure-plan.ts';

/** The fees' audit entity (payments/messages.ts FEE_AUDIT_ENTITY), whose rows the loan's history shows. */
const FEE_AUDIT_ENTITY = 'fee';

/** The pending fines forgiven or included, each with its audit row (the loan's history shows them). */
export async function closeFees(
  tx: AppTx,
  actorId: string,
  loan: LoanRow,
  pendingFees: FeeRow[],
  request: RestructureChoice & { reason: string },
  sequence: number,
): Promise<void> {
  if (pendingFees.length === 0) return;
  const include = request.fines === 'incluir';
  const ids = pendingFees.map((fee) => fee.id);
  for (const fee of pendingFees) {
    const move = feeTransition(fee.status, include ? { kind: 'include' } : { kind: 'cancel' });
    if (!move.ok) throw refuse(move.refusal);
  }
  const cancelReason = include ? null : `Condonada en la reestructura ${sequence}: ${request.reason}`;
  const changed = include
    ? await tx.update(fees).set({ status: 'RESTRUCTURED' }).where(inArray(fees.id, ids)).returning()
    : await tx
        .update(fees)
        .set({ status: 'CANCELLED', cancelledOn: sql`now()`, cancelledBy: actorId, cancelReason })
        .where(inArray(fees.id, ids))
        .returning();
  for (const fee of changed) {
    const before = pendingFees.find((f) => f.id === fee.id);
    await writeAudit(tx, {
      actorId,
      entity: FEE_AUDIT_ENTITY,
      entityId: fee.id,
      action: include ? 'included_in_restructuring' : 'cancelled',
      before: {
        status: before?.status,
        amount: centsToPesos(fee.amountCents),
        loanId: loan.id,
        loanNum: loan.num,
      },
      after: {
        status: fee.status,
        amount: centsToPesos(fee.amountCents),
        concept: fee.concept,
        cancelReason: fee.cancelReason,
        loanId: loan.id,
        loanNum: loan.num,
      },
    });
  }
}
