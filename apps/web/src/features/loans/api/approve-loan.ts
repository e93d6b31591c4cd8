import { type LoanApprove, loan } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { loanChangeKeys } from './invalidate.ts';

/**
 * PUT /api/v1/loans/:id/approve `{bankAccountId}` (admin): PENDING → APPROVED, the amount reserved in
 * the account (Reserva). 409 when the account's balance is short; a loanFromPast needs no account.
 */
export const approveLoan = ({ id, body }: { id: string; body: LoanApprove }) =>
  apiData.put(`${apiPaths.loan(id)}/approve`, loan.parse, body);

export const useApproveLoan = () =>
  useApiMutation(['loans', 'approve'], approveLoan, { invalidates: loanChangeKeys({ money: true }) });
