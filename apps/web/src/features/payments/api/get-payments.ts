import {
  type DatedListQuery,
  type Paged,
  type PaymentListItem,
  paged,
  paymentListItem,
} from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readPaymentListItemPage = paged(paymentListItem).parse;

/**
 * GET /api/v1/payments?page&size&query&q&orderBy&order&from&to (admin); `q` is the status filter,
 * `from`/`to` the business days of registration.
 */
export function getPayments(params: DatedListQuery): Promise<Paged<PaymentListItem>> {
  return api.get(apiPaths.payments, readPaymentListItemPage, { ...params });
}
