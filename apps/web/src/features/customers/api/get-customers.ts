import type { CustomerListItem, Paged, PagedQuery } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * GET /api/v1/customers?page&size&query&orderBy&order. `query` matches names and phone ignoring case
 * and accents, and the start of a CURP; `orderBy` status/balance sort by the current loan's. An agent
 * only ever receives their own customers.
 */
export function getCustomers(params: PagedQuery): Promise<Paged<CustomerListItem>> {
  return api.get<Paged<CustomerListItem>>(apiPaths.customers, { ...params });
}
