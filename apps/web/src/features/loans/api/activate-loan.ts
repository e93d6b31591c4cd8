import { loan } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { loanChangeKeys } from './invalidate.ts';

/**
 * PUT /api/v1/loans/:id/activate (admin): APPROVED → ACTIVE. The cash leaves the account (Entrega) and
 * the 12 weekly installments are generated.
 */
export const activateLoan = (id: string) => apiData.put(`${apiPaths.loan(id)}/activate`, loan.parse);

export const useActivateLoan = () =>
  useApiMutation(['loans', 'activate'], activateLoan, { invalidates: loanChangeKeys({ money: true }) });
