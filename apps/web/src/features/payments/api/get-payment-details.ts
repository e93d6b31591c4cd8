import { paymentDetails } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { paymentsKeys } from './keys.ts';

/**
 * GET /api/v1/payments/:id/details → summary, concept lines, totals and the proof images (each with a
 * short-lived signed link, so the details are always fetched fresh).
 */
export const paymentDetailsQueryOptions = (id: string) =>
  apiQuery({
    read: paymentDetails.parse,
    queryKey: paymentsKeys.details(id),
    path: `${apiPaths.payment(id)}/details`,
    staleTime: 0,
  });

export const usePaymentDetails = (id: string) => useQuery(paymentDetailsQueryOptions(id));
