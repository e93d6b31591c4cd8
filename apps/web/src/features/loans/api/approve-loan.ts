import type { Envelope, Loan, LoanApprove } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { invalidateAfterLoanChange } from './invalidate.ts';

/**
 * PUT /api/v1/loans/:id/approve `{bankAccountId}` (admin): PENDING → APPROVED, the amount reserved in
 * the account (Reserva). 409 when the account's balance is short; a loanFromPast needs no account.
 */
export async function approveLoan({ id, body }: { id: string; body: LoanApprove }): Promise<Loan> {
  const reply = await api.put<Envelope<Loan>>(`${apiPaths.loan(id)}/approve`, body);
  return reply.data;
}

export function useApproveLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['loans', 'approve'],
    mutationFn: approveLoan,
    onSuccess: () => {
      void invalidateAfterLoanChange(queryClient, { money: true });
    },
  });
}
