import { type LoanProduct, loanProduct, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from './paths.ts';
import { apiQuery } from './query.ts';
import { queryRoots } from './query-keys.ts';

const readLoanProducts = z.array(loanProduct).parse;

/**
 * GET /api/v1/loan-products: every product for an administrator (active first), the active ones for an
 * agent. 'Productos' lists them; the loan form offers the active ones.
 */
export const loanProductsQuery = () =>
  apiQuery({ read: readLoanProducts, queryKey: queryRoots.loanProducts, path: apiPaths.loanProducts });

export const useLoanProducts = () => useQuery(loanProductsQuery());

/** The products a new loan may use. */
export const activeProducts = (products: readonly LoanProduct[] | undefined) =>
  (products ?? []).filter((product) => product.active);
