import {
  COLLECTED_BEFORE_FEE_REASON,
  type FeeStatus,
  feePart,
  feeTransition,
  type InstallmentStatus,
  installmentPart,
} from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { AppTx } from '../../db/client.ts';
import type { LoanRow } from '../../db/schema/loans.ts';
import { fees } from '../../db/schema/payments.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { toFeeDto } from './mapping.ts';
import { FEE_AUDIT_ENTITY } from './messages.ts';
import { type PartsUpdate, writeFeeParts, writeInstallmentParts } from './parts.ts';
import type { Coverage, RegisterPaymentInput } from './register-input.ts';
import type { FeeRowParts, InstallmentRowParts } from './register-rows.ts';

/** Each line takes its part of its item (abono.ts): held, and VALIDATING once nothing remains. */
export async function takeParts(
  tx: AppTx,
  check: Coverage,
  installments: InstallmentRowParts[],
  feeRows: FeeRowParts[],
): Promise<void> {
  const take = { kind: 'take' } as const;
  const installmentById = new Map(installments.map((i) => [i.id, i]));
  const feeById = new Map(feeRows.map((f) => [f.id, f]));
  const installmentChanges: PartsUpdate[] = [];
  const feeChanges: PartsUpdate[] = [];
  for (const line of check.lines) {
    const row = line.kind === 'installment' ? installmentById.get(line.id) : feeById.get(line.id);
    if (!row) throw new Error(`line ${line.id} without its row`);
    // A payoff's line takes its discount with its amount: nothing of the item remains.
    const part = line.amountCents + (line.discountCents ?? 0);
    const taken =
      line.kind === 'installment'
        ? installmentPart(row.status as InstallmentStatus, row, part, take)
        : feePart(row.status as FeeStatus, row, part, take);
    if (!taken.ok) throw refuse(taken.refusal);
    const change = {
      id: row.id,
      status: taken.status,
      paidCents: taken.paidCents,
      heldCents: taken.heldCents,
    };
    (line.kind === 'installment' ? installmentChanges : feeChanges).push(change);
  }
  await writeInstallmentParts(tx, installmentChanges);
  await writeFeeParts(tx, feeChanges);
}

/**
 * Fees the daily accrual charged for days after the borrower had already paid (cash taken without
 * signal, synced after 00:05): the payment does not owe them and cancels them, each audited.
 * A fee part of which a payment already paid or holds stays owed: forgiving it would lose that part.
 */
export async function cancelFeesAccruedAfterCollection(
  tx: AppTx,
  input: RegisterPaymentInput,
  loan: LoanRow,
  check: Coverage,
  feeRows: FeeRowParts[],
  paymentId: string,
): Promise<void> {
  const forgivable = feeRows.filter(
    (f) => check.accruedAfterCollection.includes(f.id) && f.paidCents === 0 && f.heldCents === 0,
  );
  for (const fee of forgivable) {
    const forgiven = feeTransition(fee.status, { kind: 'cancel' });
    if (!forgiven.ok) throw refuse(forgiven.refusal);
    const [cancelled] = await tx
      .update(fees)
      .set({
        status: forgiven.to,
        cancelledOn: sql`now()`,
        cancelledBy: input.registeredBy,
        cancelReason: COLLECTED_BEFORE_FEE_REASON,
      })
      .where(eq(fees.id, fee.id))
      .returning();
    if (!cancelled) throw new Error('update returned no row');
    await writeAudit(tx, {
      actorId: input.registeredBy,
      entity: FEE_AUDIT_ENTITY,
      entityId: fee.id,
      action: 'cancelled',
      before: { ...toFeeDto(fee), loanId: loan.id, loanNum: loan.num },
      after: { ...toFeeDto(cancelled), loanId: loan.id, loanNum: loan.num, paymentId },
    });
  }
}
