import {
  allocateAbono,
  feesAccruedAfterCollection,
  formatCents,
  isOpenStatus,
  isPayableFeeStatus,
  isPayableInstallmentStatus,
  oldestFirst,
  pesosToCents,
  remainingCents,
} from '@prestaya/domain';
import { refuse } from '../../http/refusals.ts';
import type { Coverage, RegisterPaymentInput } from './register-input.ts';
import type { FeeRowParts, InstallmentRowParts } from './register-rows.ts';

/**
 * An abono (abono.ts allocateAbono): the pending fees, by date then installment number, then the
 * payable installments oldest first, each for what remains of it. A collection sent later does not pay
 * fees charged for days after it was collected; those of the installments it pays off are cancelled,
 * as for whole items (feesAccruedAfterCollection).
 */
export function abonoOf(
  input: RegisterPaymentInput,
  loanStatus: string,
  installments: InstallmentRowParts[],
  feeRows: FeeRowParts[],
  collectedOn: string | undefined,
): Coverage {
  if (input.file && input.request.paymentMethod !== 'TRANSFER')
    throw refuse('payment.file_only_with_transfer');
  if (!isOpenStatus(loanStatus)) throw refuse('payment.loan_not_payable');
  const numberOf = new Map(installments.map((i) => [i.id, i.paymentNumber]));
  const owedFees = feeRows
    .filter((f) => isPayableFeeStatus(f.status) && (collectedOn === undefined || f.feeDate <= collectedOn))
    .sort((a, b) =>
      a.feeDate === b.feeDate
        ? (numberOf.get(a.scheduledPaymentId) ?? 0) - (numberOf.get(b.scheduledPaymentId) ?? 0)
        : a.feeDate < b.feeDate
          ? -1
          : 1,
    );
  const owedInstallments = oldestFirst(installments.filter((i) => isPayableInstallmentStatus(i.status)));
  const allocation = allocateAbono(
    pesosToCents(input.request.abono ?? 0),
    owedFees.map((f) => ({ id: f.id, remainingCents: remainingCents(f) })),
    owedInstallments.map((i) => ({ id: i.id, remainingCents: remainingCents(i) })),
  );
  if (!allocation.ok) {
    if (allocation.refusal === 'payment.abono_above_owed') {
      throw refuse(allocation.refusal, { values: { owed: formatCents(allocation.owedCents) } });
    }
    throw refuse(allocation.refusal);
  }
  const conceptOf = new Map([...owedFees, ...owedInstallments].map((r) => [r.id, r.concept]));
  const paidOff = allocation.lines
    .filter((l) => l.kind === 'installment' && l.remainingAfterCents === 0)
    .map((l) => l.id);
  return {
    kind: 'ABONO',
    lines: allocation.lines.map((line) => ({ ...line, concept: conceptOf.get(line.id) ?? '' })),
    amountCents: allocation.amountCents,
    accruedAfterCollection: feesAccruedAfterCollection(feeRows, paidOff, collectedOn)
      .filter((f) => f.paidCents === 0 && f.heldCents === 0)
      .map((f) => f.id),
  };
}
