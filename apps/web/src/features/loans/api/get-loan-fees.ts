import type { Fee } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/query.ts';
import { loanFeesPath, loanPaymentsKeys } from './payment-keys.ts';

/** GET /api/v1/loans/:id/fees → the loan's fines (every status). */
export const loanFeesQueryOptions = (loanId: string) =>
  apiQuery<Fee[]>({ queryKey: loanPaymentsKeys.fees(loanId), path: loanFeesPath(loanId), staleTime: 0 });

export const useLoanFees = (loanId: string) => useQuery(loanFeesQueryOptions(loanId));
