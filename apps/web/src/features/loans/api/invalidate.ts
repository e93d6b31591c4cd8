import { BANK_ACCOUNTS_ROOT_KEY, CUSTOMERS_ROOT_KEY, loansKeys } from './keys.ts';

/**
 * What any loan change makes stale: every loan list, loan and schedule, the customers (CustomerDetails
 * header shows the loan's balance and status) and, when money may have moved, the bank accounts.
 */
export function loanChangeKeys({ money = false } = {}): (readonly unknown[])[] {
  const keys: (readonly unknown[])[] = [loansKeys.all, CUSTOMERS_ROOT_KEY];
  if (money) keys.push(BANK_ACCOUNTS_ROOT_KEY);
  return keys;
}
