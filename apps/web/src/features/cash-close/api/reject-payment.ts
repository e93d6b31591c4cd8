import { paymentListItem } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { CHANGED_BY_DECISIONS } from './keys.ts';

/** PATCH /api/v1/payments/:id `{status: 'REJECTED', reason}`: the payment leaves the corte, with why. */
export const rejectPayment = ({ id, reason }: { id: string; reason: string }) =>
  apiData.patch(apiPaths.payment(id), paymentListItem.parse, { status: 'REJECTED', reason });

export const useRejectPayment = () =>
  useApiMutation(['cash-close', 'reject'], rejectPayment, {
    invalidates: CHANGED_BY_DECISIONS,
    reloadAfterError: true,
    awaitReload: true,
  });
