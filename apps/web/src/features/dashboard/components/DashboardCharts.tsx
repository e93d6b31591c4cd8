import { Box, Paper, Skeleton, Title, VisuallyHidden } from '@mantine/core';
import type { PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import { IconChartBar, IconChecks } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { EmptyState } from '../../../components/QueryState.tsx';
import { ChartBoundary } from './ChartBoundary.tsx';

// The dashboard's charts: loaded lazily in their own chunk, with an empty state and a skeleton each.

export const loadCharts = () => import('./charts.ts');
const CollectionsChart = lazy(() => loadCharts().then((m) => ({ default: m.CollectionsChart })));
const BucketsChart = lazy(() => loadCharts().then((m) => ({ default: m.BucketsChart })));

const NO_COLLECTIONS = 'Sin cobros en el periodo';
const NO_DELAYED = 'Sin préstamos con pagos vencidos';

export function DailyCollections({ report }: { report: WeeklyPaymentsReport | undefined }) {
  const loading = <ChartSkeleton height={260} label="Cargando cobros diarios" />;
  if (!report) return loading;
  if (report.totals.payments === 0 && report.totals.total === 0) {
    return (
      <EmptyState icon={<IconChartBar size={24} />} py="xl">
        {NO_COLLECTIONS}
      </EmptyState>
    );
  }
  return (
    <ChartBoundary>
      <Suspense fallback={loading}>
        <CollectionsChart report={report} />
      </Suspense>
    </ChartBoundary>
  );
}

export function DelinquencyBuckets({ report }: { report: PortfolioReport | undefined }) {
  const loading = <ChartSkeleton height={180} label="Cargando préstamos por días de atraso" />;
  if (!report) return loading;
  if (report.buckets.every((bucket) => bucket.loans === 0)) {
    return (
      <EmptyState icon={<IconChecks size={24} />} color="teal" py="xl">
        {NO_DELAYED}
      </EmptyState>
    );
  }
  return (
    <ChartBoundary>
      <Suspense fallback={loading}>
        <BucketsChart buckets={report.buckets} />
      </Suspense>
    </ChartBoundary>
  );
}

export function ChartPanel({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <Paper component="section" aria-labelledby={id} withBorder radius="md" p="md">
      <Title id={id} order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function ChartSkeleton({ height, label }: { height: number; label: string }) {
  return (
    <Box aria-busy="true">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton height={height} radius="sm" />
    </Box>
  );
}
