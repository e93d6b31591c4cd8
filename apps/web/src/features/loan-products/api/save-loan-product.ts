import { type LoanProductInput, loanProduct } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** POST /api/v1/loan-products (new, active) or PUT /api/v1/loan-products/{id} (new terms). */
export const saveLoanProduct = ({ id, body }: { id: string | null; body: LoanProductInput }) =>
  id
    ? apiData.put(apiPaths.loanProduct(id), loanProduct.parse, body)
    : apiData.post(apiPaths.loanProducts, loanProduct.parse, body);

export const useSaveLoanProduct = () =>
  useApiMutation(['loan-products', 'save'], saveLoanProduct, {
    invalidates: [queryRoots.loanProducts, queryRoots.audit],
  });
