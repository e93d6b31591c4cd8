import type { BANK_ACCOUNT_ORDER_COLUMNS, BankAccount, Paged, PagedQuery } from '@prestaya/contracts';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import {
  countRows,
  type ListRequest,
  ONE,
  type PaginateOptions,
  pageOf,
  paginateAs,
} from '../../db/paging.ts';
import { type BankAccountRow, bankAccounts } from '../../db/schema/bank-accounts.ts';
import { matchesText } from '../../db/search.ts';
import { toBankAccountDto } from './mapping.ts';

/** Sortable columns: exactly BANK_ACCOUNT_ORDER_COLUMNS of the contracts. Text sorts ignore case and accents. */
const ORDER_COLUMNS = {
  name: sql`unaccent(lower(${bankAccounts.name}))`,
  bankName: sql`unaccent(lower(${bankAccounts.bankName}))`,
  balance: bankAccounts.balanceCents,
  realBalance: bankAccounts.realBalanceCents,
  createdOn: bankAccounts.createdOn,
} satisfies Record<(typeof BANK_ACCOUNT_ORDER_COLUMNS)[number], SQLWrapper>;

/**
 * `query` searches name, bank and holder (case- and accent-insensitive). Accounts have no filter
 * field, so `q` is ignored.
 */
export function listBankAccounts(db: AppDb, query: ListRequest<PagedQuery>): Promise<Paged<BankAccount>> {
  return paginateAs(bankAccountListSource(db, query), toBankAccountDto);
}

/** THE query of the accounts list (search, order, count), shared by the paged list and its CSV export. */
export function bankAccountListSource(
  db: AppDb,
  query: ListRequest<PagedQuery>,
): PaginateOptions<BankAccountRow> {
  const where = query.query
    ? matchesText([bankAccounts.name, bankAccounts.bankName, bankAccounts.customerName], query.query)
    : undefined;
  return {
    request: query,
    orderColumns: ORDER_COLUMNS,
    defaultOrderBy: 'name',
    tiebreaker: bankAccounts.id,
    rows: (page) => pageOf(db.select().from(bankAccounts).$dynamic(), where, page),
    count: (limit) => countRows(db, db.select(ONE).from(bankAccounts).where(where).$dynamic(), limit),
  };
}
