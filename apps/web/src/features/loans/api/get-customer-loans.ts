import type { Loan, Paged, PagedQuery } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/customers/:id/loans?page&size&orderBy&order: the customer's loans, newest first. */
export function getCustomerLoans(customerId: string, params: PagedQuery): Promise<Paged<Loan>> {
  return api.get<Paged<Loan>>(apiPaths.customerLoans(customerId), { ...params });
}
