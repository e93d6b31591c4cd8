import { fee, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/query.ts';
import { loanFeesPath, loanPaymentsKeys } from './payment-keys.ts';

const readFeeList = z.array(fee).parse;

/** GET /api/v1/loans/:id/fees → the loan's fines (every status). */
export const loanFeesQueryOptions = (loanId: string) =>
  apiQuery({
    read: readFeeList,
    queryKey: loanPaymentsKeys.fees(loanId),
    path: loanFeesPath(loanId),
    staleTime: 0,
  });

export const useLoanFees = (loanId: string) => useQuery(loanFeesQueryOptions(loanId));
