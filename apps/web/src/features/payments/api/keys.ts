import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the payments resource; invalidating `all` reloads the list and every details screen. */
export const paymentsKeys = {
  all: queryRoots.payments,
  lists: () => [...paymentsKeys.all, 'list'] as const,
  details: (id: string) => [...paymentsKeys.all, 'details', id] as const,
};

/**
 * What a confirmation or rejection makes stale: the payments, the loans (balances, schedule, the loan's
 * payments and fees), the customers (CustomerDetails header balance and status) and the bank accounts
 * (the Abono changes both balances).
 */
export const CHANGED_BY_PAYMENT_STATUS = [
  paymentsKeys.all,
  queryRoots.loans,
  queryRoots.customers,
  queryRoots.bankAccounts,
] as const;
