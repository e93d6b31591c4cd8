import type { BankAccount } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { paymentsKeys } from './keys.ts';

/** docs/product.md §7/§9: bank accounts use page size 30 in payment details. */
export const TARGET_ACCOUNTS_PAGE = { page: 1, size: 30 } as const;

/** GET /api/v1/bank-accounts?page=1&size=30 (admin): the accounts a payment can be confirmed into. */
export const targetAccountsQueryOptions = () =>
  apiQuery<BankAccount[]>({
    queryKey: paymentsKeys.targetAccounts(),
    path: apiPaths.bankAccounts,
    query: { ...TARGET_ACCOUNTS_PAGE },
    staleTime: 0,
  });

export function useTargetAccounts({ enabled = true } = {}) {
  return useQuery({ ...targetAccountsQueryOptions(), enabled });
}
