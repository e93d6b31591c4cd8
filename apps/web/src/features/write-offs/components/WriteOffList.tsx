import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { WriteOff } from '@prestaya/contracts';
import { IconUser } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  CatalogTable,
  type ColumnDef,
  type ExtraButton,
  FoldedNameCell,
} from '../../../components/CatalogTable/index.ts';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDate, formatMoney, fullName } from '../../../lib/format.ts';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { LOAN_STATUS_BADGES } from '../../../lib/status-badges.ts';
import { useWriteOffTotals } from '../api/get-write-off-totals.ts';
import { getWriteOffs } from '../api/get-write-offs.ts';
import { writeOffsKeys } from '../api/keys.ts';
import { WriteOffPolicy } from './WriteOffPolicy.tsx';

export const WRITE_OFFS_TITLE = 'Cartera castigada';

const columns: ColumnDef<WriteOff>[] = [
  { header: 'Préstamo', accessor: 'loan.num', width: 104 },
  {
    header: 'Cliente',
    accessor: 'customer.name',
    render: (row) => (
      <FoldedNameCell
        name={fullName(row.customer)}
        status={{ value: 'WRITTEN_OFF', labels: LOAN_STATUS_BADGES }}
        amount={row.amountWrittenOff}
        detail={`${formatDate(row.writtenOffOn)} · recuperado ${formatMoney(row.recovered)}`}
      />
    ),
  },
  {
    header: 'Monto castigado',
    accessor: 'amountWrittenOff',
    type: 'money',
    sortable: true,
    visibleFrom: 'sm',
  },
  {
    header: 'Fecha',
    accessor: 'createdOn',
    sortable: true,
    visibleFrom: 'sm',
    render: (row) => formatDate(row.writtenOffOn),
  },
  {
    header: 'Motivo',
    accessor: 'reason',
    visibleFrom: 'md',
    render: (row) => (
      <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
        {row.reason}
      </Text>
    ),
  },
  { header: 'Recuperado', accessor: 'recovered', type: 'money', visibleFrom: 'sm' },
];

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600}>{children}</Text>
    </Paper>
  );
}

function Totals() {
  const totals = useWriteOffTotals();
  if (!totals.data) return null;
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" aria-label="Totales de la cartera castigada">
      <Figure label="Préstamos castigados">{totals.data.loans}</Figure>
      <Figure label="Monto castigado">
        <MoneyText value={totals.data.amountWrittenOff} />
      </Figure>
      <Figure label="Recuperado">
        <MoneyText value={totals.data.recovered} />
      </Figure>
    </SimpleGrid>
  );
}

/**
 * /admin/write-offs (admin): 'Cartera castigada' (docs/product.md "Castigo"): its totals, the policy's
 * days, and the written-off loans (loan, customer, amount, date, reason, recovered so far), searchable
 * by loan number or customer, by the days they were written off, exportable as CSV.
 */
export function WriteOffList() {
  const navigate = useNavigate();
  const extraButtons = useMemo<ExtraButton<WriteOff>[]>(
    () => [
      {
        label: 'Ver cliente',
        icon: <IconUser size={16} aria-hidden />,
        onClick: (row) => navigate(screenPaths.customer(row.customer.id)),
      },
    ],
    [navigate],
  );
  return (
    <Stack gap="md">
      <Title order={1}>{WRITE_OFFS_TITLE}</Title>
      <Totals />
      <WriteOffPolicy />
      <CatalogTable<WriteOff>
        listId="write-offs"
        title="Préstamos castigados"
        titleOrder={2}
        queryKey={writeOffsKeys.lists()}
        fetchPage={getWriteOffs}
        columns={columns}
        searchable
        searchPlaceholder="No. préstamo o cliente"
        dateFilter
        extraButtons={extraButtons}
        exportCsv={{ path: apiPaths.writeOffsExport, fallbackName: 'cartera-castigada.csv' }}
        onRowClick={(row) => navigate(screenPaths.customer(row.customer.id))}
      />
    </Stack>
  );
}
