import '@mantine/dates/styles.css';
import {
  Alert,
  Badge,
  Box,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import type { PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import { MAX_DATE, MIN_DATE } from '@prestaya/contracts/plain';
import {
  IconAlertCircle,
  IconCalendar,
  IconCash,
  IconChartBar,
  IconChecks,
  IconClockExclamation,
  IconFileDollar,
  IconHourglass,
  IconReceipt,
  IconRefresh,
  IconScale,
  IconWallet,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useEffect, useId } from 'react';
import { RetryAlert } from '../../../components/QueryState.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { usePortfolio } from '../api/get-portfolio.ts';
import { useWeeklyPayments } from '../api/get-weekly-payments.ts';
import { formatCount, plural } from '../format.ts';
import { useDashboardRange } from '../range.ts';
import { ChartBoundary } from './ChartBoundary.tsx';
import { ParCard } from './ParCard.tsx';
import { type CardLink, StatCard } from './StatCard.tsx';

/** The lists behind the cards; admin screens, so agents get no links (spec 6). */
const ADMIN_LINKS = {
  payments: { to: screenPaths.payments, label: 'Ver pagos' },
  loans: { to: screenPaths.loans, label: 'Ver préstamos' },
  accounts: { to: screenPaths.bankAccounts, label: 'Ver cuentas' },
} satisfies Record<string, CardLink>;
type Links = Partial<typeof ADMIN_LINKS>;

const GRID_COLS = { base: 1, xs: 2, lg: 4 };

const loadCharts = () => import('./charts.ts');
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

function DailyCollections({ report }: { report: WeeklyPaymentsReport | undefined }) {
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

function DelinquencyBuckets({ report }: { report: PortfolioReport | undefined }) {
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

function Section({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack component="section" aria-labelledby={id} gap="sm">
      <Group gap="xs" align="baseline" wrap="wrap">
        <Title id={id} order={2} size="h4">
          {title}
        </Title>
        {subtitle && (
          <Text size="sm" c="dimmed">
            {subtitle}
          </Text>
        )}
      </Group>
      {children}
    </Stack>
  );
}

function ChartPanel({ title, children }: { title: string; children: ReactNode }) {
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

function PeriodCards({ report, links }: { report: WeeklyPaymentsReport | undefined; links: Links }) {
  const loading = !report;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="md">
      <StatCard
        title="Cobrado en el periodo"
        icon={IconCash}
        color="teal"
        loading={loading}
        value={report && formatMoney(report.totals.total)}
        hint={
          report &&
          `Cuotas ${formatMoney(report.totals.installments)} · Multas ${formatMoney(report.totals.fees)} · ${plural(report.totals.payments, 'pago', 'pagos')}`
        }
        link={links.payments}
      />
      <StatCard
        title="Pagos por validar"
        icon={IconHourglass}
        color="yellow"
        loading={loading}
        value={report && formatCount(report.validating.count)}
        hint={report && `${formatMoney(report.validating.amount)} en espera de validación (hoy)`}
        link={links.payments}
      />
      <StatCard
        title="Préstamos nuevos"
        icon={IconFileDollar}
        color="blue"
        loading={loading}
        value={report && formatCount(report.newLoans.count)}
        hint={report && `${formatMoney(report.newLoans.amount)} entregados en el periodo`}
        link={links.loans}
      />
    </SimpleGrid>
  );
}

function PortfolioCards({
  report,
  links,
  showCash,
}: {
  report: PortfolioReport | undefined;
  links: Links;
  showCash: boolean;
}) {
  if (!report) {
    const titles = [
      'Préstamos activos',
      'Préstamos atrasados',
      'Saldo por cobrar',
      ...(showCash ? ['Efectivo en cuentas'] : []),
      'PAR 1',
      'PAR 7',
      'PAR 30',
    ];
    return (
      <SimpleGrid cols={GRID_COLS} spacing="md">
        {titles.map((title) => (
          <StatCard key={title} title={title} icon={IconScale} color="gray" loading />
        ))}
      </SimpleGrid>
    );
  }
  return (
    <SimpleGrid cols={GRID_COLS} spacing="md">
      <StatCard
        title="Préstamos activos"
        icon={IconReceipt}
        color="blue"
        value={formatCount(report.loans.active)}
        hint="entregados y al corriente"
        link={links.loans}
      />
      <StatCard
        title="Préstamos atrasados"
        icon={IconClockExclamation}
        color="orange"
        value={formatCount(report.loans.delayed)}
        hint="con al menos un pago vencido"
        link={links.loans}
      />
      <StatCard
        title="Saldo por cobrar"
        icon={IconScale}
        color="grape"
        value={formatMoney(report.outstandingBalance)}
        hint={`Pagos pendientes y multas; capital pendiente ${formatMoney(report.outstandingPrincipal)}`}
        link={links.loans}
      />
      {report.cash && (
        <StatCard
          title="Efectivo en cuentas"
          icon={IconWallet}
          color="teal"
          value={
            <Stack gap={2} mt={4}>
              {[
                ['Saldo', report.cash.balance],
                ['Saldo Real', report.cash.realBalance],
              ].map(([label, amount]) => (
                <Group
                  key={label}
                  justify="space-between"
                  wrap="wrap"
                  align="baseline"
                  style={{ columnGap: 8, rowGap: 0 }}
                >
                  <Text span size="sm" c="dimmed" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {label}
                  </Text>
                  <Text span fw={700} fz={18} style={{ whiteSpace: 'nowrap' }}>
                    {formatMoney(amount)}
                  </Text>
                </Group>
              ))}
            </Stack>
          }
          hint="en todas las cuentas"
          link={links.accounts}
        />
      )}
      {report.par.map((par) => (
        <ParCard key={par.days} par={par} link={links.loans ?? null} />
      ))}
    </SimpleGrid>
  );
}

/**
 * Dashboard (spec 2; issue 7): the period's collections (range pickers, default the current week
 * Sunday–Saturday) and the portfolio as it stands today, with PAR and days-past-due buckets.
 */
export function Dashboard() {
  const user = useSession()?.user;
  const isAdmin = hasRole(user, 'ROLE_ADMIN');
  const links: Links = isAdmin ? ADMIN_LINKS : {};
  const { from, to, setRange, range, error: rangeError } = useDashboardRange();
  const weekly = useWeeklyPayments(range);
  const portfolio = usePortfolio();
  // The charts' chunk downloads while the reports are on their way, not after.
  useEffect(() => {
    loadCharts().catch(() => {}); // a failure shows in ChartBoundary when a chart renders
  }, []);

  const fetching = weekly.isFetching || portfolio.isFetching;
  const updatedAt = Math.max(weekly.dataUpdatedAt, portfolio.dataUpdatedAt);
  const refresh = () => {
    if (range) void weekly.refetch();
    void portfolio.refetch();
  };
  const scope = portfolio.data?.scope ?? weekly.data?.scope;

  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" gap="md">
          <Stack gap={2}>
            <Group gap="xs" align="center">
              <Title order={1} size="h2">
                Dashboard
              </Title>
              {scope && (
                <Badge
                  variant="light"
                  color={scope === 'AGENT' ? 'grape' : 'blue'}
                  style={{ textTransform: 'none' }}
                >
                  {scope === 'AGENT' ? 'Mi cartera' : 'Todo el negocio'}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed" aria-live="polite">
              {fetching ? 'Actualizando…' : updatedAt > 0 ? `Actualizado: ${formatDateTime(updatedAt)}` : ''}
            </Text>
          </Stack>
          <Group align="flex-start" gap="sm">
            <DatePickerInput
              label="Desde"
              value={from}
              onChange={(value) => setRange({ from: value })}
              valueFormat="DD/MM/YYYY"
              minDate={MIN_DATE}
              maxDate={MAX_DATE}
              leftSection={<IconCalendar size={16} aria-hidden />}
              w={160}
            />
            <DatePickerInput
              label="Hasta"
              value={to}
              onChange={(value) => setRange({ to: value })}
              valueFormat="DD/MM/YYYY"
              minDate={MIN_DATE}
              maxDate={MAX_DATE}
              leftSection={<IconCalendar size={16} aria-hidden />}
              error={rangeError}
              w={160}
            />
            <Button
              variant="light"
              mt={25}
              leftSection={<IconRefresh size={16} aria-hidden />}
              onClick={refresh}
              loading={fetching}
              loaderProps={{ 'aria-label': 'Actualizando cifras' }}
            >
              Actualizar
            </Button>
          </Group>
        </Group>

        <Section
          title="Cobranza del periodo"
          subtitle={range ? `del ${formatDate(range.from)} al ${formatDate(range.to)}` : undefined}
        >
          {rangeError ? (
            <Alert
              color="orange"
              variant="light"
              role="alert"
              icon={<IconAlertCircle size={18} aria-hidden />}
            >
              {rangeError}. Corrija el rango de fechas para ver las cifras del periodo.
            </Alert>
          ) : weekly.isError ? (
            <RetryAlert
              text="No se pudieron cargar las cifras del periodo."
              icon={<IconAlertCircle size={18} aria-hidden />}
              error={weekly.error}
              onRetry={() => void weekly.refetch()}
            />
          ) : (
            <Box style={{ opacity: weekly.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}>
              <Stack gap="md">
                <PeriodCards report={weekly.data} links={links} />
                <ChartPanel title="Cobros diarios">
                  <DailyCollections report={weekly.data} />
                </ChartPanel>
              </Stack>
            </Box>
          )}
        </Section>

        <Section
          title="Cartera"
          subtitle={portfolio.data ? `al ${formatDate(portfolio.data.asOf)}` : undefined}
        >
          {portfolio.isError ? (
            <RetryAlert
              text="No se pudieron cargar las cifras de la cartera."
              icon={<IconAlertCircle size={18} aria-hidden />}
              error={portfolio.error}
              onRetry={() => void portfolio.refetch()}
            />
          ) : (
            <Stack gap="md">
              <PortfolioCards report={portfolio.data} links={links} showCash={isAdmin} />
              <ChartPanel title="Préstamos por días de atraso">
                <DelinquencyBuckets report={portfolio.data} />
              </ChartPanel>
            </Stack>
          )}
        </Section>
      </Stack>
    </DatesProvider>
  );
}
