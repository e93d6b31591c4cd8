import {
  type CustomerListItem,
  customerListItem,
  type Paged,
  type PagedQuery,
  paged,
} from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readCustomerListItemPage = paged(customerListItem).parse;

/**
 * GET /api/v1/customers?page&size&query&orderBy&order. `query` matches names and phone ignoring case
 * and accents, and the start of a CURP; `orderBy` status/balance sort by the current loan's. An agent
 * only ever receives their own customers.
 */
export function getCustomers(params: PagedQuery): Promise<Paged<CustomerListItem>> {
  return api.get(apiPaths.customers, readCustomerListItemPage, { ...params });
}
