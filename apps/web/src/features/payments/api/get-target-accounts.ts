import { bankAccountsPageQuery, useBankAccountsPage } from '../../../lib/bank-accounts.ts';

/** docs/product.md §7/§9: bank accounts use page size 30 in payment details. */
export const TARGET_ACCOUNTS_PAGE = { page: 1, size: 30 } as const;

/** GET /api/v1/bank-accounts?page=1&size=30 (admin): the accounts a payment can be confirmed into. */
export const targetAccountsQueryOptions = () => bankAccountsPageQuery(TARGET_ACCOUNTS_PAGE);

export function useTargetAccounts({ enabled = true } = {}) {
  return useBankAccountsPage(TARGET_ACCOUNTS_PAGE, { enabled });
}
