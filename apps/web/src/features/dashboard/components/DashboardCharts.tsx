import { Box, Paper, Skeleton, Stack, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import type { PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import { IconChartBar, IconChecks } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useId } from 'react';
import { ChartBoundary } from './ChartBoundary.tsx';

// The dashboard's charts: loaded lazily in their own chunk, with an empty state and a skeleton each.

export const loadCharts = () => import('./charts.ts');
const CollectionsChart = lazy(() => loadCharts().then((m) => ({ default: m.CollectionsChart })));
const BucketsChart = lazy(() => loadCharts().then((m) => ({ default: m.BucketsChart })));

const NO_COLLECTIONS = 'Sin cobros en el periodo';
const NO_DELAYED = 'Sin préstamos con pagos vencidos';

function EmptyChart({ text, icon, color }: { text: string; icon: ReactNode; color: string }) {
  return (
    <Stack align="center" gap="xs" py="xl">
      <ThemeIcon size={44} radius="xl" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
      <Text size="sm" c="dimmed" ta="center">
        {text}
      </Text>
    </Stack>
  );
}

export function DailyCollections({ report }: { report: WeeklyPaymentsReport | undefined }) {
  const loading = <ChartSkeleton height={260} label="Cargando cobros diarios" />;
  if (!report) return loading;
  if (report.totals.payments === 0 && report.totals.total === 0) {
    return <EmptyChart text={NO_COLLECTIONS} icon={<IconChartBar size={24} />} color="gray" />;
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
    return <EmptyChart text={NO_DELAYED} icon={<IconChecks size={24} />} color="teal" />;
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
