import { loanProduct } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** PATCH /api/v1/loan-products/{id} {active}: 409 when it would leave no active product. */
export const setLoanProductActive = ({ id, active }: { id: string; active: boolean }) =>
  apiData.patch(apiPaths.loanProduct(id), loanProduct.parse, { active });

export const useSetLoanProductActive = () =>
  useApiMutation(['loan-products', 'active'], setLoanProductActive, {
    invalidates: [queryRoots.loanProducts, queryRoots.audit],
    reloadAfterError: true,
  });
