import { checkPaymentSelection } from '@prestaya/domain';
import { refuse } from '../../http/refusals.ts';
import type { Coverage, RegisterPaymentInput } from './register-input.ts';
import { type FeeRowParts, type InstallmentRowParts, remainingOf } from './register-rows.ts';

/** The ticked items, each for what remains of it (payment-rules.ts checks the selection). */
export function wholeItems(
  input: RegisterPaymentInput,
  loanStatus: string,
  installments: InstallmentRowParts[],
  feeRows: FeeRowParts[],
  selectedFeeIds: string[],
  collectedOn: string | undefined,
): Coverage {
  const check = checkPaymentSelection({
    loanStatus,
    installments: installments.map(remainingOf),
    fees: feeRows.map(remainingOf),
    scheduledPaymentIds: input.request.scheduledPaymentIds,
    feeIds: selectedFeeIds,
    paymentMethod: input.request.paymentMethod,
    hasFile: input.file !== undefined,
    collectedOn,
  });
  if (!check.ok) throw refuse(check.refusal);
  return {
    kind: 'ITEMS',
    lines: check.lines.map((line) => ({ ...line, remainingAfterCents: 0 })),
    amountCents: check.amountCents,
    accruedAfterCollection: check.accruedAfterCollection,
  };
}
