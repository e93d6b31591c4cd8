import type { QueryClient } from '@tanstack/react-query';
import { BANK_ACCOUNTS_ROOT_KEY, CUSTOMERS_ROOT_KEY, loansKeys } from './keys.ts';

/**
 * After any loan change: every loan list, loan and schedule, the customers (CustomerDetails header
 * shows the loan's balance and status) and, when money may have moved, the bank accounts.
 */
export function invalidateAfterLoanChange(queryClient: QueryClient, { money = false } = {}) {
  const keys: (readonly unknown[])[] = [loansKeys.all, CUSTOMERS_ROOT_KEY];
  if (money) keys.push(BANK_ACCOUNTS_ROOT_KEY);
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}
