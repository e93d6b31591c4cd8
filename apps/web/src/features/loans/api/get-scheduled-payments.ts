import type { Envelope, ScheduledPayment } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { loansKeys } from './keys.ts';

/** GET /api/v1/loans/:id/scheduled-payments → the installments by number (empty before delivery). */
export async function getScheduledPayments(loanId: string): Promise<ScheduledPayment[]> {
  const reply = await api.get<Envelope<ScheduledPayment[]>>(`${apiPaths.loan(loanId)}/scheduled-payments`);
  return reply.data;
}

export const scheduledPaymentsQueryOptions = (loanId: string) =>
  queryOptions({
    queryKey: loansKeys.schedule(loanId),
    queryFn: () => getScheduledPayments(loanId),
    staleTime: 0,
  });

export function useScheduledPayments(loanId: string) {
  return useQuery(scheduledPaymentsQueryOptions(loanId));
}
