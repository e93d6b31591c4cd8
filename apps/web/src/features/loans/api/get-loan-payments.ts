import type { Envelope, PaymentListItem } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { loanPaymentsKeys, loanPaymentsPath } from './payment-keys.ts';

/** GET /api/v1/loans/:id/payments → the payments registered for the loan ('Lista de Pagos'). */
export async function getLoanPayments(loanId: string): Promise<PaymentListItem[]> {
  const reply = await api.get<Envelope<PaymentListItem[]>>(loanPaymentsPath(loanId));
  return reply.data;
}

export const loanPaymentsQueryOptions = (loanId: string) =>
  queryOptions({
    queryKey: loanPaymentsKeys.payments(loanId),
    queryFn: () => getLoanPayments(loanId),
    staleTime: 0,
  });

export function useLoanPayments(loanId: string) {
  return useQuery(loanPaymentsQueryOptions(loanId));
}
