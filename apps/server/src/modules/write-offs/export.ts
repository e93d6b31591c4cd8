import type { WriteOffListQuery } from '@prestaya/contracts';
import { dateCell, integerCell, moneyCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { AppDb } from '../../db/client.ts';
import type { ListRequest } from '../../db/paging.ts';
import { writeOffListSource } from './list.ts';
import type { WriteOffJoinedRow } from './queries.ts';

/** The columns of 'Cartera castigada', plus its principal, days and author for the accountant. */
const COLUMNS: CsvColumn<WriteOffJoinedRow>[] = [
  { header: 'Préstamo', cell: ({ loan }) => integerCell(loan.num) },
  {
    header: 'Cliente',
    cell: ({ customer }) => nameCell(customer.name, customer.lastName, customer.secondLastName),
  },
  { header: 'Monto castigado', cell: ({ writeOff }) => moneyCell(writeOff.amountCents) },
  { header: 'Capital castigado', cell: ({ writeOff }) => moneyCell(writeOff.principalCents) },
  { header: 'Días de atraso', cell: ({ writeOff }) => integerCell(writeOff.daysPastDue) },
  { header: 'Fecha', cell: ({ writeOff }) => dateCell(writeOff.writtenOffOn) },
  { header: 'Motivo', cell: ({ writeOff }) => textCell(writeOff.reason) },
  { header: 'Recuperado', cell: (row) => moneyCell(Number(row.recoveredCents)) },
  { header: 'Castigado por', cell: ({ writer }) => (writer ? nameCell(writer.name, writer.lastName) : '') },
];

/** 'Cartera castigada' as CSV: the same write-offs, search, dates and order as GET /write-offs. */
export function writeOffsCsv(
  db: AppDb,
  query: ListRequest<WriteOffListQuery>,
  timeZone: string,
): CsvExport<WriteOffJoinedRow> {
  return {
    name: 'cartera-castigada',
    columns: COLUMNS,
    source: writeOffListSource(db, query, timeZone),
    timeZone,
  };
}
