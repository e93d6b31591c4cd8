import type { Envelope, PendingPayments } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { loanPaymentsKeys, pendingPaymentsPath } from './payment-keys.ts';

/** GET /api/v1/loans/:id/pending-payments → the payable installments, the pending fees and their total. */
export async function getPendingPayments(loanId: string): Promise<PendingPayments> {
  const reply = await api.get<Envelope<PendingPayments>>(pendingPaymentsPath(loanId));
  return reply.data;
}

export const pendingPaymentsQueryOptions = (loanId: string) =>
  queryOptions({
    queryKey: loanPaymentsKeys.pending(loanId),
    queryFn: () => getPendingPayments(loanId),
    staleTime: 0,
  });

export function usePendingPayments(loanId: string) {
  return useQuery(pendingPaymentsQueryOptions(loanId));
}
