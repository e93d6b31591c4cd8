import { type LoanUpdate, loan } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { loanChangeKeys } from './invalidate.ts';
import { loansKeys } from './keys.ts';

/**
 * PUT /api/v1/loans/:id → 200 envelope. Amount, term and daily fee only while PENDING; status,
 * requestDate and loanFromPast admin only; the only manual status change is cancelling (409 otherwise).
 */
export const updateLoan = ({ id, body }: { id: string; body: LoanUpdate }) =>
  apiData.put(apiPaths.loan(id), loan.parse, body);

export const useUpdateLoan = () =>
  useApiMutation(['loans', 'update'], updateLoan, {
    cacheReplyAt: (loan) => loansKeys.detail(loan.id),
    // Cancelling an approved loan releases its reservation: the accounts change too.
    invalidates: loanChangeKeys({ money: true }),
  });
