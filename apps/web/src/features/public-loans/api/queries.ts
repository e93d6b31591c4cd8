import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isTransientFailure, lookupLoan, registerPublicPayment, requestPublicPayment } from './client.ts';

export const publicLoanKeys = {
  all: ['public-loans'] as const,
  lookup: (search: LoanSearch) =>
    [...publicLoanKeys.all, 'lookup', search.num, search.phone, search.attempt] as const,
};

/** Only a lost connection or a server failure is retried; not-found and throttling are answers. */
const retry = (count: number, error: unknown) => isTransientFailure(error) && count < 2;

/** One submitted lookup; `attempt` grows with every submit, so the same data looks again. */
export interface LoanSearch {
  num: number;
  phone: string;
  attempt: number;
}

export function useLoanLookup(search: LoanSearch) {
  return useQuery({
    queryKey: publicLoanKeys.lookup(search),
    queryFn: ({ signal }) => lookupLoan(search.num, search.phone, signal),
    retry,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
    // The reply's proof, which a payment must send back, lasts 30 minutes: renewed while the page is open.
    refetchInterval: 20 * 60_000,
  });
}

export function useRegisterPublicPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPublicPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLoanKeys.all }),
  });
}

export function useRequestPublicPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestPublicPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLoanKeys.all }),
  });
}
