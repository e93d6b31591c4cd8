import { type CustomerListQuery, LOAN_STATUS_LABELS, NO_LOAN_LABEL } from '@prestaya/contracts';
import type { CustomerActor } from '../../access/customers.ts';
import { dayCell, integerCell, labelCell, moneyCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb } from '../../db/client.ts';
import { type CustomerListRow, customerListSource } from './list.ts';

/**
 * Every column of the 'Clientes' list screen, in its order: No., Nombre (name and both last names),
 * Teléfono, CURP, Agente, Estatus and Saldo of the current loan ('Sin préstamo' and 0.00 without one),
 * and Alta, the business day the customer was registered.
 */
function customerCsvColumns(timeZone: string): CsvColumn<CustomerListRow>[] {
  return [
    { header: 'No.', cell: ({ customer }) => integerCell(customer.num) },
    {
      header: 'Nombre',
      cell: ({ customer }) => nameCell(customer.name, customer.lastName, customer.secondLastName),
    },
    { header: 'Teléfono', cell: ({ customer }) => textCell(customer.phone) },
    { header: 'CURP', cell: ({ customer }) => textCell(customer.curp) },
    { header: 'Agente', cell: ({ agent }) => nameCell(agent?.name, agent?.lastName) },
    {
      header: 'Estatus',
      cell: ({ currentLoan }) =>
        currentLoan ? labelCell(LOAN_STATUS_LABELS, currentLoan.status) : NO_LOAN_LABEL,
    },
    { header: 'Saldo', cell: ({ currentLoan }) => moneyCell(currentLoan?.currentBalanceCents ?? 0) },
    { header: 'Alta', cell: ({ customer }) => dayCell(customer.createdOn, timeZone) },
  ];
}

/** The customers list as CSV: the same customers, search, filter and order as GET /customers. */
export function customersCsv(
  db: AppDb,
  actor: CustomerActor,
  query: CustomerListQuery,
  timeZone: string,
): CsvExport<CustomerListRow> {
  return {
    name: 'clientes',
    columns: customerCsvColumns(timeZone),
    source: customerListSource(db, actor, query),
    timeZone,
  };
}
