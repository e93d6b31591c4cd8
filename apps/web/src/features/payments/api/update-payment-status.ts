import { type PaymentStatusUpdate, paymentListItem } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { CHANGED_BY_PAYMENT_STATUS } from './keys.ts';

/**
 * PATCH /api/v1/payments/:id with `{status: 'PAID', targetAccountId}` (confirm: Abono into the account)
 * or `{status: 'REJECTED'}` → 200 envelope; 409 when the payment is no longer VALIDATING.
 */
export const updatePaymentStatus = ({ id, body }: { id: string; body: PaymentStatusUpdate }) =>
  apiData.patch(apiPaths.payment(id), paymentListItem.parse, body);

export const useUpdatePaymentStatus = () =>
  useApiMutation(['payments', 'status'], updatePaymentStatus, {
    // Success or a 409 (someone else already decided): the payment is reloaded either way (docs/product.md §4).
    invalidates: CHANGED_BY_PAYMENT_STATUS,
    reloadAfterError: true,
    awaitReload: true,
  });
