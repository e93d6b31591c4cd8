import type { BankAccount } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { loansKeys } from './keys.ts';

/** docs/product.md §2 "GlobalLoanList": the withdrawal accounts are loaded at page 1 with size 20 on entry. */
export const APPROVAL_ACCOUNTS_PAGE = { page: 1, size: 20 } as const;

/** GET /api/v1/bank-accounts?page=1&size=20 (admin): the accounts a loan can be approved from. */
export const approvalAccountsQueryOptions = () =>
  apiQuery<BankAccount[]>({
    queryKey: loansKeys.accounts(),
    path: apiPaths.bankAccounts,
    query: { ...APPROVAL_ACCOUNTS_PAGE },
    staleTime: 0,
  });

export const useApprovalAccounts = () => useQuery(approvalAccountsQueryOptions());
