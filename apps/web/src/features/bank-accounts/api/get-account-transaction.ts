import type { AccountTransaction, Envelope } from '@prestaya/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { bankAccountsKeys } from './keys.ts';

/** GET /api/v1/bank-accounts/:id/transactions/:transactionId (404 when it belongs to another account). */
export async function getAccountTransaction(
  accountId: string,
  transactionId: string,
): Promise<AccountTransaction> {
  const reply = await api.get<Envelope<AccountTransaction>>(
    `${apiPaths.bankAccount(accountId)}/transactions/${encodeURIComponent(transactionId)}`,
  );
  return reply.data;
}

export const accountTransactionQueryOptions = (accountId: string, transactionId: string) =>
  queryOptions({
    queryKey: bankAccountsKeys.transaction(accountId, transactionId),
    queryFn: () => getAccountTransaction(accountId, transactionId),
  });
