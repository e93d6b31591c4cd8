import { type PaymentRequest, paymentListItem } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { idempotencyHeader } from '../../../lib/idempotency.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { notify } from '../../../lib/notify.ts';
import { paymentFormData } from '../../../lib/payment-form-data.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { loanChangeKeys } from './invalidate.ts';
import { loanPaymentsPath } from './payment-keys.ts';

export interface RegisterPaymentInput {
  loanId: string;
  request: PaymentRequest;
  /** The proof image (TRANSFER only). */
  file?: File | null;
  /** Sent as Idempotency-Key: a repeat of this registration gets the first reply. */
  idempotencyKey?: string;
}

/** POST /api/v1/loans/:id/payments → 201 with the new VALIDATING payment; the server computes the amount. */
export const registerPayment = ({ loanId, idempotencyKey, ...input }: RegisterPaymentInput) =>
  apiData.post(loanPaymentsPath(loanId), paymentListItem.parse, paymentFormData(input), {
    headers: idempotencyKey ? idempotencyHeader(idempotencyKey) : {},
  });

export const useRegisterPayment = () =>
  useApiMutation(['loans', 'payments', 'register'], registerPayment, {
    // Success or a refusal (409: something was paid meanwhile): reload what is pending and the loan.
    invalidates: [...loanChangeKeys(), queryRoots.payments],
    reloadAfterError: true,
    awaitReload: true,
  });

/**
 * Registers a payment from one of the loan's forms: a refusal is told (under `failedTitle`) and handed
 * to `onRefused`, so the form can drop what the server refused; true once the server took it.
 */
export async function submitPayment(
  register: { mutateAsync: (input: RegisterPaymentInput) => Promise<unknown> },
  input: RegisterPaymentInput,
  failedTitle: string,
  onRefused?: (failure: unknown) => void,
): Promise<boolean> {
  try {
    await register.mutateAsync(input);
    return true;
  } catch (failure) {
    notify.apiError(failure, failedTitle);
    onRefused?.(failure);
    return false;
  }
}
