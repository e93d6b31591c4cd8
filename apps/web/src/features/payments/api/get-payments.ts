import type { Paged, PagedQuery, PaymentListItem } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/payments?page&size&query&q&orderBy&order (admin); `q` is the status filter. */
export function getPayments(params: PagedQuery): Promise<Paged<PaymentListItem>> {
  return api.get<Paged<PaymentListItem>>(apiPaths.payments, { ...params });
}
