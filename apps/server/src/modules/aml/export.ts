import type { AmlQuarterQuery } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { dayCell, integerCell, moneyCell, nameCell, textCell } from '../../csv/cells.ts';
import type { CsvColumn, CsvExport } from '../../csv/send.ts';
import type { DbOrTx } from '../../db/client.ts';
import { relevantOperationsData } from './relevant-operations.ts';

/** One line of the quarter's file: a single relevant operation or a month's cash of a customer. */
interface RelevantLine {
  kind: 'Operación' | 'Acumulado mensual';
  customer: { num: number; name: string; lastName: string; secondLastName: string | null; curp: string };
  loanNum: number | null;
  paymentId: string | null;
  period: string;
  amountCents: number;
  payments: number;
}

const COLUMNS: CsvColumn<RelevantLine>[] = [
  { header: 'Tipo', cell: (line) => line.kind },
  { header: 'Cliente', cell: (line) => integerCell(line.customer.num) },
  {
    header: 'Nombre',
    cell: ({ customer }) => nameCell(customer.name, customer.lastName, customer.secondLastName),
  },
  { header: 'CURP', cell: (line) => textCell(line.customer.curp) },
  { header: 'Préstamo', cell: (line) => integerCell(line.loanNum) },
  { header: 'Pago', cell: (line) => textCell(line.paymentId) },
  { header: 'Fecha o mes', cell: (line) => line.period },
  { header: 'Monto en efectivo', cell: (line) => moneyCell(line.amountCents) },
  { header: 'Pagos', cell: (line) => integerCell(line.payments) },
];

/**
 * 'Operaciones relevantes' of a quarter as CSV (csv/send.ts: BOM, CRLF, Spanish headers): the single
 * operations by date, then the monthly sums by month. The lines are few (cash at the thresholds), so
 * they are read once and served from memory in the export's batches.
 */
export async function relevantOperationsCsv(
  db: DbOrTx,
  query: AmlQuarterQuery,
  timeZone: string,
): Promise<CsvExport<RelevantLine>> {
  const data = await relevantOperationsData(db, query, timeZone);
  const lines: RelevantLine[] = [
    ...data.operations.map((row) => ({
      kind: 'Operación' as const,
      customer: row.customer,
      loanNum: row.loan.num,
      paymentId: row.paymentId,
      period: dayCell(row.collectedAt, timeZone),
      amountCents: row.amountCents,
      payments: 1,
    })),
    ...data.monthly.map((row) => ({
      kind: 'Acumulado mensual' as const,
      customer: row.customer,
      loanNum: null,
      paymentId: null,
      period: row.month,
      amountCents: row.totalCents,
      payments: row.payments,
    })),
  ];
  return {
    name: `operaciones-relevantes-${query.year}-T${query.quarter}`,
    columns: COLUMNS,
    source: {
      request: { page: 1, size: lines.length || 1, order: 'asc' },
      orderColumns: { line: sql`1` },
      defaultOrderBy: 'line',
      tiebreaker: sql`1`,
      rows: async ({ limit, offset }) => lines.slice(offset, offset + limit),
      count: async () => lines.length,
    },
    timeZone,
  };
}
