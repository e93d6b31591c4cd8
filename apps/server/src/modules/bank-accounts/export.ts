import {
  ACCOUNT_OPERATION_LABELS,
  type AccountTransactionListQuery,
  type PagedQuery,
} from '@prestaya/contracts';
import { dateTimeCell, labelCell, moneyCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb } from '../../db/client.ts';
import type { AccountTransactionRow, BankAccountRow } from '../../db/schema/bank-accounts.ts';
import { bankAccountListSource } from './list-bank-accounts.ts';
import { transactionListSource } from './list-transactions.ts';

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
  query: AccountTransactionListQuery,
  timeZone: string,
): Promise<CsvExport<AccountTransactionRow>> {
  return {
    name: 'movimientos',
    columns: transactionCsvColumns(timeZone),
    source: await transactionListSource(db, accountId, query, timeZone),
    timeZone,
  };
}
