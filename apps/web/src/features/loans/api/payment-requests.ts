import { paymentListItem, paymentRequestItem, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { loanChangeKeys } from './invalidate.ts';
import { loansKeys } from './keys.ts';

const readPaymentRequests = z.array(paymentRequestItem).parse;
const paymentRequestsKey = (loanId: string) => [...loansKeys.all, 'payment-requests', loanId] as const;

/** GET /api/v1/loans/:id/payment-requests → public payments sent without PIN, waiting for the agent. */
export const usePaymentRequests = (loanId: string) =>
  useQuery(
    apiQuery({
      read: readPaymentRequests,
      queryKey: paymentRequestsKey(loanId),
      path: apiPaths.loanPaymentRequests(loanId),
      staleTime: 0,
    }),
  );

/** POST /api/v1/payment-requests/:id/authorise → the payment it registers (VALIDATING). */
export const useAuthorisePaymentRequest = () =>
  useApiMutation(
    ['loans', 'payment-requests', 'authorise'],
    (id: string) => apiData.post(apiPaths.authorisePaymentRequest(id), paymentListItem.parse),
    { invalidates: [...loanChangeKeys(), queryRoots.payments], reloadAfterError: true },
  );
