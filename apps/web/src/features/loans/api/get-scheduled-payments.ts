import { scheduledPayment, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { loansKeys } from './keys.ts';

const readScheduledPaymentList = z.array(scheduledPayment).parse;

/** GET /api/v1/loans/:id/scheduled-payments → the installments by number (empty before delivery). */
export const scheduledPaymentsQueryOptions = (loanId: string) =>
  apiQuery({
    read: readScheduledPaymentList,
    queryKey: loansKeys.schedule(loanId),
    path: `${apiPaths.loan(loanId)}/scheduled-payments`,
    staleTime: 0,
  });

export const useScheduledPayments = (loanId: string) => useQuery(scheduledPaymentsQueryOptions(loanId));
