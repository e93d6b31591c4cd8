import type { Envelope, PaymentDetails } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { paymentsKeys } from './keys.ts';

/**
 * GET /api/v1/payments/:id/details → summary, concept lines, totals and the proof images (each with a
 * short-lived signed link, so the details are always fetched fresh).
 */
export async function getPaymentDetails(id: string): Promise<PaymentDetails> {
  const reply = await api.get<Envelope<PaymentDetails>>(`${apiPaths.payment(id)}/details`);
  return reply.data;
}

export const paymentDetailsQueryOptions = (id: string) =>
  queryOptions({ queryKey: paymentsKeys.details(id), queryFn: () => getPaymentDetails(id), staleTime: 0 });

export function usePaymentDetails(id: string) {
  return useQuery(paymentDetailsQueryOptions(id));
}
