import type { Envelope, Loan } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { invalidateAfterLoanChange } from './invalidate.ts';

/**
 * PUT /api/v1/loans/:id/activate (admin): APPROVED → ACTIVE. The cash leaves the account (Entrega) and
 * the 12 weekly installments are generated.
 */
export async function activateLoan(id: string): Promise<Loan> {
  const reply = await api.put<Envelope<Loan>>(`${apiPaths.loan(id)}/activate`);
  return reply.data;
}

export function useActivateLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['loans', 'activate'],
    mutationFn: activateLoan,
    onSuccess: () => {
      void invalidateAfterLoanChange(queryClient, { money: true });
    },
  });
}
