import { BarChart } from '@mantine/charts';
import { Table, VisuallyHidden } from '@mantine/core';
import type { WeeklyPaymentsReport } from '@prestaya/contracts';
import { useMemo } from 'react';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { formatCount, formatDayMonth } from '../format.ts';

const SERIES = [
  { name: 'installments', label: 'Cuotas', color: 'teal.6' },
  { name: 'fees', label: 'Multas', color: 'orange.5' },
];

/** A sentence for screen readers: the period, its total and the best day. */
export function collectionsSummary(report: WeeklyPaymentsReport): string {
  const period = `del ${formatDate(report.from)} al ${formatDate(report.to)}`;
  const best = report.days.reduce<WeeklyPaymentsReport['days'][number] | null>(
    (top, day) => (day.total > (top?.total ?? 0) ? day : top),
    null,
  );
  const totals = `${formatMoney(report.totals.total)} (cuotas ${formatMoney(report.totals.installments)}, multas ${formatMoney(report.totals.fees)})`;
  const peak = best
    ? `; el día con más cobro fue el ${formatDate(best.date)} con ${formatMoney(best.total)}`
    : '';
  return `Cobros diarios ${period}: ${totals}${peak}.`;
}

/**
 * Daily confirmed collections, by the day the cash was collected, installments and fees stacked; a
 * hidden table says the same in words.
 * Loaded lazily (charts.ts) so recharts never delays the cards.
 */
export function CollectionsChart({ report }: { report: WeeklyPaymentsReport }) {
  const data = useMemo(
    () =>
      report.days.map((day) => ({
        day: formatDayMonth(day.date),
        installments: day.installments,
        fees: day.fees,
      })),
    [report.days],
  );

  return (
    <>
      <BarChart
        h={260}
        data={data}
        dataKey="day"
        type="stacked"
        series={SERIES}
        withLegend
        legendProps={{ verticalAlign: 'bottom' }}
        valueFormatter={formatMoney}
        yAxisProps={{ width: 90 }}
        accessibilityLayer={false}
        role="img"
        aria-label={collectionsSummary(report)}
      />
      <VisuallyHidden>
        <Table>
          <caption>Cobros por día</caption>
          <thead>
            <tr>
              <th scope="col">Día</th>
              <th scope="col">Cuotas</th>
              <th scope="col">Multas</th>
              <th scope="col">Total</th>
              <th scope="col">Pagos</th>
            </tr>
          </thead>
          <tbody>
            {report.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatDate(day.date)}</th>
                <td>{formatMoney(day.installments)}</td>
                <td>{formatMoney(day.fees)}</td>
                <td>{formatMoney(day.total)}</td>
                <td>{formatCount(day.payments)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </>
  );
}
