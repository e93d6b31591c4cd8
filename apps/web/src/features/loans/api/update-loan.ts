import type { Envelope, Loan, LoanUpdate } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { invalidateAfterLoanChange } from './invalidate.ts';
import { loansKeys } from './keys.ts';

/**
 * PUT /api/v1/loans/:id → 200 envelope. Amount, term and daily fee only while PENDING; status,
 * requestDate and loanFromPast admin only; the only manual status change is cancelling (409 otherwise).
 */
export async function updateLoan({ id, body }: { id: string; body: LoanUpdate }): Promise<Loan> {
  const reply = await api.put<Envelope<Loan>>(apiPaths.loan(id), body);
  return reply.data;
}

export function useUpdateLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['loans', 'update'],
    mutationFn: updateLoan,
    onSuccess: (loan) => {
      queryClient.setQueryData(loansKeys.detail(loan.id), loan);
      // Cancelling an approved loan releases its reservation: the accounts change too.
      void invalidateAfterLoanChange(queryClient, { money: true });
    },
  });
}
