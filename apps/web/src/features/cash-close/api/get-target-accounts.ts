import type { BankAccount } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { cashCloseKeys } from './keys.ts';

/** GET /api/v1/bank-accounts?page=1&size=30 (admin): where the corte's cash can be deposited. */
export const useTargetAccounts = () =>
  useQuery(
    apiQuery<BankAccount[]>({
      queryKey: cashCloseKeys.accounts(),
      path: apiPaths.bankAccounts,
      query: { page: 1, size: 30 },
      staleTime: 0,
    }),
  );
