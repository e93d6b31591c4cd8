import type { Envelope, PaymentListItem, PaymentStatusUpdate } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { BANK_ACCOUNTS_ROOT_KEY, CUSTOMERS_ROOT_KEY, LOANS_ROOT_KEY, paymentsKeys } from './keys.ts';

/**
 * PATCH /api/v1/payments/:id with `{status: 'PAID', targetAccountId}` (confirm: Abono into the account)
 * or `{status: 'REJECTED'}` → 200 envelope; 409 when the payment is no longer VALIDATING.
 */
export async function updatePaymentStatus({
  id,
  body,
}: {
  id: string;
  body: PaymentStatusUpdate;
}): Promise<PaymentListItem> {
  const reply = await api.patch<Envelope<PaymentListItem>>(apiPaths.payment(id), body);
  return reply.data;
}

export function useUpdatePaymentStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['payments', 'status'],
    mutationFn: updatePaymentStatus,
    // Success or a 409 (someone else already decided): the payment is reloaded either way (spec 4).
    onSettled: () =>
      Promise.all(
        [paymentsKeys.all, LOANS_ROOT_KEY, CUSTOMERS_ROOT_KEY, BANK_ACCOUNTS_ROOT_KEY].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
