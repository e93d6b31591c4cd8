import type { AccountTransaction, AccountTransactionListQuery, Paged } from '@prestaya/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { withinBusinessDays } from '../../db/date-range.ts';
import {
  countRows,
  type ListRequest,
  newestFirst,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { type AccountTransactionRow, accountTransactions } from '../../db/schema/bank-accounts.ts';
import { toAccountTransactionDto } from './mapping.ts';
import { ensureAccountExists } from './queries.ts';

/**
 * Newest first (created_on desc, id desc) unless the caller asks for `orderBy=createdOn` with an
 * explicit `order`; `createdOn` is the only sortable column, the list is the ledger in time order.
 * `q` filters by operation type (its schema refuses any other text) and `from`/`to` by the business
 * day of the movement (db/date-range.ts).
 */
export async function listAccountTransactions(
  db: AppDb,
  accountId: string,
  query: ListRequest<AccountTransactionListQuery>,
  timeZone: string,
): Promise<Paged<AccountTransaction>> {
  return paginateAs(await transactionListSource(db, accountId, query, timeZone), toAccountTransactionDto);
}

/** The ledger's filters; account_transactions_account_idx (account, created_on) serves every one. */
function transactionFilter(
  accountId: string,
  query: AccountTransactionListQuery,
  timeZone: string,
): SQL | undefined {
  const type = query.q;
  return and(
    eq(accountTransactions.accountId, accountId),
    type === undefined ? undefined : eq(accountTransactions.operationType, type),
    withinBusinessDays(accountTransactions.createdOn, query, timeZone),
  );
}

/**
 * THE query of an account's ledger (404 for an unknown account, filters, order, count), shared by the
 * paged list and its CSV export.
 */
export async function transactionListSource(
  db: AppDb,
  accountId: string,
  query: ListRequest<AccountTransactionListQuery>,
  timeZone: string,
): Promise<PaginateOptions<AccountTransactionRow>> {
  const where = transactionFilter(accountId, query, timeZone);
  await ensureAccountExists(db, accountId);
  return {
    request: newestFirst(query),
    orderColumns: { createdOn: accountTransactions.createdOn },
    defaultOrderBy: 'createdOn',
    tiebreaker: accountTransactions.id,
    rows: (page) => pageOf(db.select().from(accountTransactions).$dynamic(), where, page),
    count: (limit) => countRows(db, db.select(ONE).from(accountTransactions).where(where).$dynamic(), limit),
  };
}
