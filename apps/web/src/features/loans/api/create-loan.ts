import type { Envelope, Loan, LoanCreate } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { invalidateAfterLoanChange } from './invalidate.ts';

/**
 * POST /api/v1/customers/:id/loans → 201 envelope with the PENDING loan. 409 when the customer already
 * has a loan in progress; 403 when an agent sends requestDate or loanFromPast.
 */
export async function createLoan({
  customerId,
  body,
}: {
  customerId: string;
  body: LoanCreate;
}): Promise<Loan> {
  const reply = await api.post<Envelope<Loan>>(apiPaths.customerLoans(customerId), body);
  return reply.data;
}

export function useCreateLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['loans', 'create'],
    mutationFn: createLoan,
    onSuccess: () => {
      void invalidateAfterLoanChange(queryClient);
    },
  });
}
