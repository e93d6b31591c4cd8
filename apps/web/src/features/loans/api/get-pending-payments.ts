import { pendingPayments } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/query.ts';
import { loanPaymentsKeys, pendingPaymentsPath } from './payment-keys.ts';

/** GET /api/v1/loans/:id/pending-payments → the payable installments, the pending fees and their total. */
export const pendingPaymentsQueryOptions = (loanId: string) =>
  apiQuery({
    read: pendingPayments.parse,
    queryKey: loanPaymentsKeys.pending(loanId),
    path: pendingPaymentsPath(loanId),
    staleTime: 0,
  });

export const usePendingPayments = (loanId: string) => useQuery(pendingPaymentsQueryOptions(loanId));
