import { useBankAccountsPage } from '../../../lib/bank-accounts.ts';

/** GET /api/v1/bank-accounts?page=1&size=30 (admin): where the corte's cash can be deposited. */
export const useTargetAccounts = () => useBankAccountsPage({ page: 1, size: 30 });
