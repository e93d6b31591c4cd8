import { type Loan, loan, type Paged, type PagedQuery, paged } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readLoanPage = paged(loan).parse;

/**
 * GET /api/v1/loans?page&size&query&q&orderBy&order (admin): every loan. `q` is a status, `query`
 * matches the loan number and the customer's name ignoring case and accents.
 */
export function getLoans(params: PagedQuery): Promise<Paged<Loan>> {
  return api.get(apiPaths.loans, readLoanPage, { ...params });
}
