import { CASH_COUNT_KIND_LABELS } from '@prestaya/contracts';
import {
  dateCell,
  dateTimeCell,
  integerCell,
  labelCell,
  moneyCell,
  nameCell,
  textCell,
} from '../../csv/cells.ts';
import { CSV_BATCH_SIZE, type CsvColumn, type CsvExport } from '../../csv/send.ts';
import type { DbOrTx } from '../../db/client.ts';
import { requireAgent } from './day.ts';
import { cashCountHistorySource, type HistoryRow } from './history.ts';

/** The columns of 'Historial de cortes', the running total last as on screen. */
function historyCsvColumns(timeZone: string): CsvColumn<HistoryRow>[] {
  return [
    { header: 'Fecha', cell: (row) => dateCell(row.date) },
    { header: 'Esperado', cell: (row) => moneyCell(row.expectedCents) },
    { header: 'Contado', cell: (row) => moneyCell(row.countedCents) },
    { header: 'Diferencia', cell: (row) => moneyCell(row.differenceCents) },
    { header: 'Tipo', cell: (row) => labelCell(CASH_COUNT_KIND_LABELS, row.kind) },
    { header: 'Nota', cell: (row) => textCell(row.note) },
    { header: 'Acumulado', cell: (row) => moneyCell(row.runningDifferenceCents) },
    { header: 'Pagos confirmados', cell: (row) => integerCell(row.confirmed) },
    { header: 'Cuenta', cell: (row) => textCell(row.bankAccount.name) },
    { header: 'Cerró', cell: (row) => nameCell(row.closedBy.name, row.closedBy.lastName) },
    { header: 'Cerrado el', cell: (row) => dateTimeCell(row.closedOn, timeZone) },
  ];
}

/** An agent's closes as CSV (404 for an unknown agent): the history's rows and order. */
export async function cashCountHistoryCsv(
  db: DbOrTx,
  agentId: string,
  timeZone: string,
): Promise<CsvExport<HistoryRow>> {
  const agent = await requireAgent(db, agentId);
  return {
    name: `cortes-${agent.num}`,
    columns: historyCsvColumns(timeZone),
    source: cashCountHistorySource(db, agent.id, { page: 1, size: CSV_BATCH_SIZE }),
    timeZone,
  };
}
