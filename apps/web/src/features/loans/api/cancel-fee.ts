import { api } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { loanChangeKeys } from './invalidate.ts';
import { loanFeePath } from './payment-keys.ts';

/** DELETE /api/v1/loans/:id/fees/:feeId (admin): the fine becomes CANCELLED and the balances are recomputed. */
export async function cancelFee({ loanId, feeId }: { loanId: string; feeId: string }): Promise<void> {
  await api.delete<unknown>(loanFeePath(loanId, feeId));
}

export const useCancelFee = () =>
  useApiMutation(['loans', 'fees', 'cancel'], cancelFee, {
    // The fines, the pending payments and the loan's balance (lists, CustomerDetails header).
    invalidates: loanChangeKeys(),
    awaitReload: true,
  });
