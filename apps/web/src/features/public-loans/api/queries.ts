import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getPublicLoan, isPublicApiError, lookupLoan, registerPublicPayment } from './client.ts';

export const publicLoanKeys = {
  all: ['public-loans'] as const,
  lookup: (num: number, phone: string) => [...publicLoanKeys.all, 'lookup', num, phone] as const,
  detail: (id: string) => [...publicLoanKeys.all, 'detail', id] as const,
};

/** Only a lost connection or a server failure is retried; not-found and throttling are answers. */
const retry = (count: number, error: unknown) =>
  isPublicApiError(error) && (error.status === 0 || error.status >= 500) && count < 2;

export function useLoanLookup(search: { num: number; phone: string } | null) {
  return useQuery({
    queryKey: search ? publicLoanKeys.lookup(search.num, search.phone) : [...publicLoanKeys.all, 'lookup'],
    queryFn: ({ signal }) => lookupLoan(search?.num ?? 0, search?.phone ?? '', signal),
    enabled: search !== null,
    retry,
    placeholderData: keepPreviousData,
    refetchOnWindowFocus: false,
  });
}

export function usePublicLoan(id: string) {
  return useQuery({
    queryKey: publicLoanKeys.detail(id),
    queryFn: ({ signal }) => getPublicLoan(id, signal),
    retry,
    refetchOnWindowFocus: false,
  });
}

export function useRegisterPublicPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerPublicPayment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: publicLoanKeys.all }),
  });
}
