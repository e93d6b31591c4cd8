import { bankAccountsPageQuery, useBankAccountsPage } from '../../../lib/bank-accounts.ts';

/** docs/product.md §2 "GlobalLoanList": the withdrawal accounts are loaded at page 1 with size 20 on entry. */
export const APPROVAL_ACCOUNTS_PAGE = { page: 1, size: 20 } as const;

/** GET /api/v1/bank-accounts?page=1&size=20 (admin): the accounts a loan can be approved from. */
export const approvalAccountsQueryOptions = () => bankAccountsPageQuery(APPROVAL_ACCOUNTS_PAGE);

export const useApprovalAccounts = () => useBankAccountsPage(APPROVAL_ACCOUNTS_PAGE);
