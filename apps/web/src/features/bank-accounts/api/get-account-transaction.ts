import { accountTransaction } from '@prestaya/contracts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { bankAccountsKeys } from './keys.ts';

/** GET /api/v1/bank-accounts/:id/transactions/:transactionId (404 when it belongs to another account). */
export const accountTransactionQueryOptions = (accountId: string, transactionId: string) =>
  apiQuery({
    read: accountTransaction.parse,
    queryKey: bankAccountsKeys.transaction(accountId, transactionId),
    path: `${apiPaths.bankAccount(accountId)}/transactions/${encodeURIComponent(transactionId)}`,
  });
