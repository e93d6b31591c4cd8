import { bankAccount } from '@prestaya/contracts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { bankAccountsKeys } from './keys.ts';

/** GET /api/v1/bank-accounts/:id. */
export const bankAccountQueryOptions = (id: string) =>
  apiQuery({
    read: bankAccount.parse,
    queryKey: bankAccountsKeys.detail(id),
    path: apiPaths.bankAccount(id),
    staleTime: 0,
  });
