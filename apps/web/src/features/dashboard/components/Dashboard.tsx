import '@mantine/dates/styles.css';
import { Alert, Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { MAX_DATE, MIN_DATE } from '@prestaya/contracts/plain';
import { IconAlertCircle, IconCalendar, IconRefresh } from '@tabler/icons-react';
import { type ReactNode, useEffect, useId } from 'react';
import { RetryAlert } from '../../../components/QueryState.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { usePortfolio } from '../api/get-portfolio.ts';
import { useWeeklyPayments } from '../api/get-weekly-payments.ts';
import { useDashboardRange } from '../range.ts';
import { ADMIN_LINKS, type Links, PeriodCards, PortfolioCards } from './DashboardCards.tsx';
import { ChartPanel, DailyCollections, DelinquencyBuckets, loadCharts } from './DashboardCharts.tsx';

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

/**
 * Dashboard (docs/product.md §2): the period's collections (range pickers, default the current week
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
