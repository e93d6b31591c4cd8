import type { DatedListQuery, Paged, PaymentListItem } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * GET /api/v1/payments?page&size&query&q&orderBy&order&from&to (admin); `q` is the status filter,
 * `from`/`to` the business days of registration.
 */
export function getPayments(params: DatedListQuery): Promise<Paged<PaymentListItem>> {
  return api.get<Paged<PaymentListItem>>(apiPaths.payments, { ...params });
}
