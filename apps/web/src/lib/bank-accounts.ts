import { bankAccount, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from './paths.ts';
import { apiQuery } from './query.ts';
import { type PickerPage, sharedKeys } from './query-keys.ts';

const readBankAccountList = z.array(bankAccount).parse;

/**
 * GET /api/v1/bank-accounts?page&size (admin): the accounts a screen picks from, one copy per page size
 * for every screen. Fetched fresh on entry (staleTime 0): a balance must be the server's, as it is now.
 */
export const bankAccountsPageQuery = (page: PickerPage) =>
  apiQuery({
    read: readBankAccountList,
    queryKey: sharedKeys.bankAccountsPage(page),
    path: apiPaths.bankAccounts,
    query: { ...page },
    staleTime: 0,
  });

/**
 * An account picker's server search (AccountSelect): page 1 of `size` accounts whose name, bank or
 * holder matches `term`; '' is the same first page as bankAccountsPageQuery, shared with it.
 */
export const bankAccountSearch = (size: number) => (term: string) =>
  apiQuery({
    read: readBankAccountList,
    queryKey: term
      ? ([...sharedKeys.bankAccountsPage({ page: 1, size }), term] as const)
      : sharedKeys.bankAccountsPage({ page: 1, size }),
    path: apiPaths.bankAccounts,
    query: term ? { page: 1, size, query: term } : { page: 1, size },
    staleTime: 0,
  });

export function useBankAccountsPage(page: PickerPage, { enabled = true } = {}) {
  return useQuery({ ...bankAccountsPageQuery(page), enabled });
}
