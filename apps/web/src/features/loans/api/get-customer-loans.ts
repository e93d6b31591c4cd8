import { type Loan, loan, type Paged, type PagedQuery, paged } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readLoanPage = paged(loan).parse;

/** GET /api/v1/customers/:id/loans?page&size&orderBy&order: the customer's loans, newest first. */
export function getCustomerLoans(customerId: string, params: PagedQuery): Promise<Paged<Loan>> {
  return api.get(apiPaths.customerLoans(customerId), readLoanPage, { ...params });
}
