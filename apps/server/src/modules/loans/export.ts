import { LOAN_STATUS_LABELS, type LoanListQuery } from '@prestaya/contracts';
import type { CustomerActor } from '../../access/customers.ts';
import { dayCell, integerCell, labelCell, moneyCell, nameCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb } from '../../db/client.ts';
import { globalLoansFilter, loanListSource } from './list.ts';
import type { LoanJoinedRow } from './mapping.ts';

/**
 * The columns of 'Lista Global de Préstamos': No., Cliente, Monto, Estatus, Fecha (business day), and
 * Reestructurado (how many times; blank if never), the mark the list shows beside the status.
 */
function loanCsvColumns(timeZone: string): CsvColumn<LoanJoinedRow>[] {
  return [
    { header: 'No.', cell: ({ loan }) => integerCell(loan.num) },
    { header: 'Cliente', cell: ({ customer }) => nameCell(customer.name, customer.lastName) },
    { header: 'Monto', cell: ({ loan }) => moneyCell(loan.amountCents) },
    { header: 'Estatus', cell: ({ loan }) => labelCell(LOAN_STATUS_LABELS, loan.status) },
    { header: 'Fecha', cell: ({ loan }) => dayCell(loan.createdOn, timeZone) },
    {
      header: 'Reestructurado',
      cell: ({ loan }) => (loan.restructureCount > 0 ? integerCell(loan.restructureCount) : ''),
    },
  ];
}

/** The global loans list as CSV: the same loans, search, filter and order as GET /loans. */
export function loansCsv(
  db: AppDb,
  actor: CustomerActor,
  query: LoanListQuery,
  timeZone: string,
): CsvExport<LoanJoinedRow> {
  return {
    name: 'prestamos',
    columns: loanCsvColumns(timeZone),
    source: loanListSource(db, query, globalLoansFilter(actor, query)),
    timeZone,
  };
}
