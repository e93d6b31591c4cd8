import {
  ACCOUNT_OPERATION_LABELS,
  ACCOUNT_OPERATION_TYPES,
  type AccountMovement,
  type AccountOperationType,
  type AccountTransaction,
  type BANK_ACCOUNT_ORDER_COLUMNS,
  type BankAccount,
  type bankAccountCreate,
  type DatedListQuery,
  type Paged,
  type PagedQuery,
  pesosToCents,
  type z,
} from '@prestaya/contracts';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { dateTimeCell, labelCell, moneyCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
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
import {
  type AccountTransactionRow,
  accountTransactions,
  type BankAccountRow,
  bankAccounts,
} from '../../db/schema/bank-accounts.ts';
import { matchesText } from '../../db/search.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { applyAccountMovement } from './ledger-service.ts';
import { toAccountTransactionDto, toBankAccountDto } from './mapping.ts';
import { BANK_ACCOUNT_AUDIT_ENTITY, OPENING_BALANCE_REASON } from './messages.ts';

export type NewBankAccount = z.output<typeof bankAccountCreate>;

/** Sortable columns: exactly BANK_ACCOUNT_ORDER_COLUMNS of the contracts. Text sorts ignore case and accents. */
const ORDER_COLUMNS = {
  name: sql`unaccent(lower(${bankAccounts.name}))`,
  bankName: sql`unaccent(lower(${bankAccounts.bankName}))`,
  balance: bankAccounts.balanceCents,
  realBalance: bankAccounts.realBalanceCents,
  createdOn: bankAccounts.createdOn,
} satisfies Record<(typeof BANK_ACCOUNT_ORDER_COLUMNS)[number], SQLWrapper>;

/** Pesos already validated by the contracts (≤ 2 decimals, in range); a RangeError here is still a 400. */
function toCents(field: string, pesos: number): number {
  try {
    return pesosToCents(pesos);
  } catch {
    throw refuse('money.invalid_amount', { field });
  }
}

/**
 * `query` searches name, bank and holder (case- and accent-insensitive). Accounts have no filter
 * field, so `q` is ignored.
 */
export function listBankAccounts(db: AppDb, query: ListRequest<PagedQuery>): Promise<Paged<BankAccount>> {
  return paginateAs(bankAccountListSource(db, query), toBankAccountDto);
}

/** THE query of the accounts list (search, order, count), shared by the paged list and its CSV export. */
function bankAccountListSource(db: AppDb, query: ListRequest<PagedQuery>): PaginateOptions<BankAccountRow> {
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

export async function getBankAccount(db: AppDb, id: string): Promise<BankAccount> {
  const [row] = await db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
  if (!row) throw refuse('bank_account.not_found');
  return toBankAccountDto(row);
}

/**
 * The account starts at 0/0; an opening balance is then recorded as a DEPOSIT 'Saldo inicial' through
 * the ledger, so the account's balances are always the sum of its transactions (none when it is 0).
 */
export async function createBankAccount(
  db: AppDb,
  actorId: string,
  input: NewBankAccount,
): Promise<BankAccount> {
  const openingCents = toCents('balance', input.balance);
  return db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(bankAccounts)
      .values({
        id: uuidv7(),
        name: input.name,
        bankName: input.bankName,
        cardNumber: input.cardNumber,
        clabe: input.clabe,
        customerName: input.customerName,
      })
      .returning();
    if (!inserted) throw new Error('insert returned no row');
    const row =
      openingCents > 0
        ? (
            await applyAccountMovement(tx, {
              accountId: inserted.id,
              type: 'DEPOSIT',
              amountCents: openingCents,
              reason: OPENING_BALANCE_REASON,
              actorId,
            })
          ).account
        : inserted;
    const dto = toBankAccountDto(row);
    const { id: _id, createdOn: _createdOn, ...snapshot } = dto;
    await writeAudit(tx, {
      actorId,
      entity: BANK_ACCOUNT_AUDIT_ENTITY,
      entityId: row.id,
      action: 'created',
      after: snapshot,
    });
    return dto;
  });
}

/** PATCH /bank-accounts/:id: `{withdrawal, reason}` → Retiro, `{deposit, reason}` → Depósito. */
export async function moveMoney(
  db: AppDb,
  actorId: string,
  accountId: string,
  movement: AccountMovement,
): Promise<BankAccount> {
  const [type, field, pesos] =
    'withdrawal' in movement
      ? (['MANUAL_WITHDRAWAL', 'withdrawal', movement.withdrawal] as const)
      : (['DEPOSIT', 'deposit', movement.deposit] as const);
  const amountCents = toCents(field, pesos);
  const { account } = await db.transaction((tx) =>
    applyAccountMovement(tx, { accountId, type, amountCents, reason: movement.reason, actorId }),
  );
  return toBankAccountDto(account);
}

/** 404 'bank_account.not_found' unless the account exists. */
export async function ensureAccountExists(db: DbOrTx, id: string): Promise<void> {
  const [row] = await db
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(eq(bankAccounts.id, id))
    .limit(1);
  if (!row) throw refuse('bank_account.not_found');
}

/**
 * Newest first (created_on desc, id desc) unless the caller asks for `orderBy=createdOn` with an
 * explicit `order`; `createdOn` is the only sortable column, the list is the ledger in time order.
 * `q` filters by operation type (ACCOUNT_OPERATION_TYPES, else 400) and `from`/`to` by the business
 * day of the movement (db/date-range.ts).
 */
export async function listAccountTransactions(
  db: AppDb,
  accountId: string,
  query: ListRequest<DatedListQuery>,
  timeZone: string,
): Promise<Paged<AccountTransaction>> {
  return paginateAs(await transactionListSource(db, accountId, query, timeZone), toAccountTransactionDto);
}

/** The ledger's filters; account_transactions_account_idx (account, created_on) serves every one. */
function transactionFilter(accountId: string, query: DatedListQuery, timeZone: string): SQL | undefined {
  const type = query.q as AccountOperationType | undefined;
  if (type !== undefined && !ACCOUNT_OPERATION_TYPES.includes(type)) throw refuse('list.invalid_type');
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
async function transactionListSource(
  db: AppDb,
  accountId: string,
  query: ListRequest<DatedListQuery>,
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

/** A transaction of another account is 404, as if it did not exist. */
export async function getAccountTransaction(
  db: AppDb,
  accountId: string,
  transactionId: string,
): Promise<AccountTransaction> {
  await ensureAccountExists(db, accountId);
  const [row] = await db
    .select()
    .from(accountTransactions)
    .where(and(eq(accountTransactions.id, transactionId), eq(accountTransactions.accountId, accountId)))
    .limit(1);
  if (!row) throw refuse('bank_account.transaction_not_found');
  return toAccountTransactionDto(row);
}

/* ------------------------------------------------------------------------------------------------ */
/* CSV exports (GET /bank-accounts/export.csv, GET /bank-accounts/{id}/transactions/export.csv)     */
/* ------------------------------------------------------------------------------------------------ */

/** The columns of 'Cuentas Bancarias': Nombre, the bank shown under it, Saldo, Saldo Real. */
const BANK_ACCOUNT_CSV_COLUMNS: CsvColumn<BankAccountRow>[] = [
  { header: 'Nombre', cell: (account) => textCell(account.name) },
  { header: 'Banco', cell: (account) => textCell(account.bankName) },
  { header: 'Saldo', cell: (account) => moneyCell(account.balanceCents) },
  { header: 'Saldo Real', cell: (account) => moneyCell(account.realBalanceCents) },
];

/** The accounts list as CSV: the same accounts, search and order as GET /bank-accounts. */
export function bankAccountsCsv(db: AppDb, query: PagedQuery, timeZone: string): CsvExport<BankAccountRow> {
  return {
    name: 'cuentas',
    columns: BANK_ACCOUNT_CSV_COLUMNS,
    source: bankAccountListSource(db, query),
    timeZone,
  };
}

/**
 * The columns of the ledger screen: Fecha, Saldo anterior, Real anterior, Monto, Tipo, the concept
 * shown under the type, Saldo posterior, Real posterior.
 */
function transactionCsvColumns(timeZone: string): CsvColumn<AccountTransactionRow>[] {
  return [
    { header: 'Fecha', cell: (row) => dateTimeCell(row.createdOn, timeZone) },
    { header: 'Saldo anterior', cell: (row) => moneyCell(row.initialBalanceCents) },
    { header: 'Real anterior', cell: (row) => moneyCell(row.initialRealBalanceCents) },
    { header: 'Monto', cell: (row) => moneyCell(row.amountCents) },
    { header: 'Tipo', cell: (row) => labelCell(ACCOUNT_OPERATION_LABELS, row.operationType) },
    { header: 'Concepto', cell: (row) => textCell(row.reason) },
    { header: 'Saldo posterior', cell: (row) => moneyCell(row.endBalanceCents) },
    { header: 'Real posterior', cell: (row) => moneyCell(row.endRealBalanceCents) },
  ];
}

/** An account's ledger as CSV (404 for an unknown account): the same rows, filters and order as its list. */
export async function accountTransactionsCsv(
  db: AppDb,
  accountId: string,
  query: DatedListQuery,
  timeZone: string,
): Promise<CsvExport<AccountTransactionRow>> {
  return {
    name: 'movimientos',
    columns: transactionCsvColumns(timeZone),
    source: await transactionListSource(db, accountId, query, timeZone),
    timeZone,
  };
}
