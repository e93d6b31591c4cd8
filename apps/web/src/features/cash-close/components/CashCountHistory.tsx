import { Group, Stack, Text } from '@mantine/core';
import type { CashCountHistoryItem } from '@prestaya/contracts';
import { useCallback } from 'react';
import { CatalogTable, type ColumnDef, type PageParams } from '../../../components/CatalogTable/index.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { getCashCountHistory, useCashCountTotal } from '../api/get-cash-count-history.ts';
import { cashCloseKeys } from '../api/keys.ts';
import { differenceColor, differenceText, HISTORY_TITLE } from '../labels.ts';

/** A signed difference in pesos: '−$49.50', '+$20.00', '$0.00'. */
const signed = (pesos: number) => `${pesos < 0 ? '−' : pesos > 0 ? '+' : ''}${formatMoney(Math.abs(pesos))}`;

const kindOf = (pesos: number) => (pesos < 0 ? 'FALTANTE' : pesos > 0 ? 'SOBRANTE' : null);

const COLUMNS: ColumnDef<CashCountHistoryItem>[] = [
  { header: 'Fecha', accessor: 'date', key: true, render: (close) => formatDate(close.date) },
  { header: 'Esperado', accessor: 'expected', type: 'money', visibleFrom: 'sm' },
  { header: 'Contado', accessor: 'counted', type: 'money', key: true },
  {
    header: 'Diferencia',
    accessor: 'difference',
    key: true,
    render: (close) => (
      <Text size="sm" fw={600} c={differenceColor(close.kind)}>
        {differenceText(close.kind, close.difference)}
      </Text>
    ),
  },
  {
    header: 'Nota',
    accessor: 'note',
    visibleFrom: 'sm',
    render: (close) => (
      <Text size="sm" maw={260} style={{ overflowWrap: 'anywhere' }}>
        {close.note ?? ''}
      </Text>
    ),
  },
  {
    header: 'Acumulado',
    accessor: 'runningDifference',
    key: true,
    textAlign: 'right',
    render: (close) => (
      <Text size="sm" c={differenceColor(kindOf(close.runningDifference))}>
        {signed(close.runningDifference)}
      </Text>
    ),
  },
];

/**
 * 'Historial de cortes' of one agent (administrators): each closed day with what was expected and
 * counted, the difference and why, and the running total of differences; the total of all of them on
 * top; 'Descargar CSV'.
 */
export function CashCountHistory({ agentId }: { agentId: string }) {
  const total = useCashCountTotal(agentId);
  const fetchPage = useCallback((params: PageParams) => getCashCountHistory(agentId, params), [agentId]);
  return (
    <Stack gap="xs">
      {total.data && total.data.closes > 0 && (
        <Group gap="xs">
          <Text size="sm">Acumulado de diferencias:</Text>
          <Text
            size="sm"
            fw={700}
            c={differenceColor(kindOf(total.data.totalDifference))}
            data-testid="history-total"
          >
            {signed(total.data.totalDifference)}
          </Text>
        </Group>
      )}
      <CatalogTable<CashCountHistoryItem>
        listId="cash-count-history"
        title={HISTORY_TITLE}
        queryKey={cashCloseKeys.history(agentId)}
        fetchPage={fetchPage}
        columns={COLUMNS}
        exportCsv={{ path: apiPaths.cashCloseHistoryExport, fallbackName: 'cortes.csv', query: { agentId } }}
      />
    </Stack>
  );
}
