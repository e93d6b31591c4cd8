import { paymentListItem, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '../../../lib/query.ts';
import { loanPaymentsKeys, loanPaymentsPath } from './payment-keys.ts';

const readPaymentListItemList = z.array(paymentListItem).parse;

/** GET /api/v1/loans/:id/payments → the payments registered for the loan ('Lista de Pagos'). */
export const loanPaymentsQueryOptions = (loanId: string) =>
  apiQuery({
    read: readPaymentListItemList,
    queryKey: loanPaymentsKeys.payments(loanId),
    path: loanPaymentsPath(loanId),
    staleTime: 0,
  });

export const useLoanPayments = (loanId: string) => useQuery(loanPaymentsQueryOptions(loanId));
