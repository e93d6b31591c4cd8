import { DonutChart } from '@mantine/charts';
import { Box, ColorSwatch, Group, Table, Text } from '@mantine/core';
import type { PortfolioReport } from '@prestaya/contracts';
import { formatMoney } from '../../../lib/format.ts';
import { formatCount, plural } from '../format.ts';

const BUCKET_COLORS: Record<PortfolioReport['buckets'][number]['key'], string> = {
  '1-7': 'yellow.5',
  '8-30': 'orange.6',
  '31-60': 'red.6',
  '61+': 'red.9',
};

/** A sentence for screen readers: loans per days-past-due bucket. */
export function bucketsSummary(buckets: PortfolioReport['buckets']): string {
  const parts = buckets.map((bucket) => `${bucket.label}: ${plural(bucket.loans, 'préstamo', 'préstamos')}`);
  return `Préstamos por días de atraso. ${parts.join('; ')}.`;
}

/**
 * Loans by days past due (1–7, 8–30, 31–60, 61+) as a donut; the visible table beside it (loans and
 * outstanding principal per bucket) is also its text alternative.
 */
export function BucketsChart({ buckets }: { buckets: PortfolioReport['buckets'] }) {
  const total = buckets.reduce((sum, bucket) => sum + bucket.loans, 0);
  const data = buckets.map((bucket) => ({
    name: bucket.label,
    value: bucket.loans,
    color: BUCKET_COLORS[bucket.key],
  }));

  return (
    <Group align="center" justify="center" gap="xl" wrap="wrap">
      <DonutChart
        data={data}
        size={180}
        thickness={28}
        withLabels={false}
        tooltipDataSource="segment"
        valueFormatter={formatCount}
        chartLabel={plural(total, 'préstamo', 'préstamos')}
        accessibilityLayer={false}
        role="img"
        aria-label={bucketsSummary(buckets)}
      />
      <Box style={{ flex: '1 1 260px', minWidth: 0 }}>
        <Table verticalSpacing={6} fz="sm">
          <caption style={{ captionSide: 'top', textAlign: 'left' }}>
            <Text size="xs" c="dimmed" component="span">
              Préstamos y capital pendiente por días de atraso
            </Text>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Días de atraso</Table.Th>
              <Table.Th scope="col" ta="right">
                Préstamos
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Capital pendiente
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {buckets.map((bucket) => (
              <Table.Tr key={bucket.key}>
                <Table.Th scope="row" fw={400}>
                  <Group gap={8} wrap="nowrap">
                    <ColorSwatch
                      color={`var(--mantine-color-${BUCKET_COLORS[bucket.key].replace('.', '-')})`}
                      size={12}
                      aria-hidden
                    />
                    {bucket.label}
                  </Group>
                </Table.Th>
                <Table.Td ta="right">{formatCount(bucket.loans)}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(bucket.principal)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Box>
    </Group>
  );
}
