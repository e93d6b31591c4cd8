import type { Envelope, PaymentListItem, PaymentRequest } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { invalidateAfterLoanChange } from './invalidate.ts';
import { loanPaymentsPath, PAYMENTS_ROOT_KEY } from './payment-keys.ts';

export interface RegisterPaymentInput {
  loanId: string;
  request: PaymentRequest;
  /** The proof image (TRANSFER only). */
  file?: File | null;
}

/**
 * The multipart body of a payment registration: part `paymentRequest` (JSON, typed application/json)
 * and, for a transfer, part `file`. The browser sets the multipart content type and boundary.
 */
export function paymentFormData({ request, file }: Omit<RegisterPaymentInput, 'loanId'>): FormData {
  const form = new FormData();
  form.append('paymentRequest', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  if (file && request.paymentMethod === 'TRANSFER') form.append('file', file, file.name);
  return form;
}

/** POST /api/v1/loans/:id/payments → 201 with the new VALIDATING payment; the server computes the amount. */
export async function registerPayment({ loanId, ...input }: RegisterPaymentInput): Promise<PaymentListItem> {
  const reply = await api.post<Envelope<PaymentListItem>>(loanPaymentsPath(loanId), paymentFormData(input));
  return reply.data;
}

export function useRegisterPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['loans', 'payments', 'register'],
    mutationFn: registerPayment,
    // Success or a refusal (409: something was paid meanwhile): reload what is pending and the loan.
    onSettled: () =>
      Promise.all([
        invalidateAfterLoanChange(queryClient),
        queryClient.invalidateQueries({ queryKey: PAYMENTS_ROOT_KEY }),
      ]),
  });
}
