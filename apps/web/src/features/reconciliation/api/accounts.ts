import { useBankAccountsPage } from '../../../lib/bank-accounts.ts';

const STATEMENT_ACCOUNTS_PAGE = { page: 1, size: 100 } as const;

/** GET /api/v1/bank-accounts?page=1&size=100 (admin): the accounts a statement can belong to. */
export const useStatementAccounts = () => useBankAccountsPage(STATEMENT_ACCOUNTS_PAGE);
