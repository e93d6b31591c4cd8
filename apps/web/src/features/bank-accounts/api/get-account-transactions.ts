import type { AccountTransaction, Paged, PagedQuery } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/bank-accounts/:id/transactions?page&size — newest first. */
export function getAccountTransactions(
  accountId: string,
  params: PagedQuery,
): Promise<Paged<AccountTransaction>> {
  return api.get<Paged<AccountTransaction>>(`${apiPaths.bankAccount(accountId)}/transactions`, { ...params });
}
