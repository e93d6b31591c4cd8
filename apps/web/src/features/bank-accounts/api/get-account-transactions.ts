import {
  type AccountTransaction,
  accountTransaction,
  type DatedListQuery,
  type Paged,
  paged,
} from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readAccountTransactionPage = paged(accountTransaction).parse;

/**
 * GET /api/v1/bank-accounts/:id/transactions?page&size&q&from&to — newest first; `q` is the operation
 * type, `from`/`to` the business days of the movement.
 */
export function getAccountTransactions(
  accountId: string,
  params: DatedListQuery,
): Promise<Paged<AccountTransaction>> {
  return api.get(`${apiPaths.bankAccount(accountId)}/transactions`, readAccountTransactionPage, {
    ...params,
  });
}
