import type { Envelope, Fee } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { loanFeesPath, loanPaymentsKeys } from './payment-keys.ts';

/** GET /api/v1/loans/:id/fees → the loan's fines (every status). */
export async function getLoanFees(loanId: string): Promise<Fee[]> {
  const reply = await api.get<Envelope<Fee[]>>(loanFeesPath(loanId));
  return reply.data;
}

export const loanFeesQueryOptions = (loanId: string) =>
  queryOptions({ queryKey: loanPaymentsKeys.fees(loanId), queryFn: () => getLoanFees(loanId), staleTime: 0 });

export function useLoanFees(loanId: string) {
  return useQuery(loanFeesQueryOptions(loanId));
}
