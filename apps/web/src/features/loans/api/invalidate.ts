import { queryRoots } from '../../../lib/query-keys.ts';
import { loansKeys } from './keys.ts';

/**
 * What any loan change makes stale: every loan list, loan and schedule, the customers (CustomerDetails
 * header shows the loan's balance and status) and, when money may have moved, the bank accounts.
 */
export function loanChangeKeys({ money = false } = {}): (readonly unknown[])[] {
  const keys: (readonly unknown[])[] = [loansKeys.all, queryRoots.customers];
  if (money) keys.push(queryRoots.bankAccounts);
  return keys;
}
