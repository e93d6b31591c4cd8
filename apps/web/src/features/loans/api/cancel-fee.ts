import { feeCancellation } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { noBody } from '../../../lib/fetch-core.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { loanChangeKeys } from './invalidate.ts';
import { loanFeePath } from './payment-keys.ts';

/**
 * PUT /api/v1/loans/:id/fees/:feeId/cancel with `{reason}` (admin): the fine becomes CANCELLED with its
 * reason and the balances are recomputed.
 */
export async function cancelFee({
  loanId,
  feeId,
  reason,
}: {
  loanId: string;
  feeId: string;
  reason: string;
}): Promise<void> {
  await api.put(`${loanFeePath(loanId, feeId)}/cancel`, noBody, feeCancellation.parse({ reason }));
}

export const useCancelFee = () =>
  useApiMutation(['loans', 'fees', 'cancel'], cancelFee, {
    // The fines, the pending payments and the loan's balance (lists, CustomerDetails header).
    invalidates: loanChangeKeys(),
    awaitReload: true,
  });
