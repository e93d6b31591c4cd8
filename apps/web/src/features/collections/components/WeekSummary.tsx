import { ActionIcon, Box, Group, Pagination, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { AgentWeek } from '@prestaya/contracts';
import { IconChevronLeft, IconChevronRight, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { CenteredLoader, EmptyState, RetryAlert } from '../../../components/QueryState.tsx';
import { isApiError } from '../../../lib/api.ts';
import { businessToday, dayjs, formatCount, ISO_DATE_FORMAT } from '../../../lib/format.ts';
import { useCollectionsWeek } from '../api/get-week.ts';

/** The labels of the week's figures, in the order they are shown. */
export const WEEK_LABELS = {
  due: 'Cuotas por cobrar',
  collected: 'Cobrado',
  rate: 'Efectividad',
  promises: 'Promesas (cumplidas)',
  withoutPayment: 'Visitas sin pago',
  cash: 'Diferencias de caja',
} as const;
type Figure = keyof typeof WEEK_LABELS;

const shortDay = (date: string) => dayjs(date).format('DD/MM');
const shift = (date: string, days: number) => dayjs(date).add(days, 'day').format(ISO_DATE_FORMAT);

/** 'Semana del 16/11 al 22/11/2026'. */
export const weekTitle = (week: { from: string; to: string }) =>
  `Semana del ${shortDay(week.from)} al ${dayjs(week.to).format('DD/MM/YYYY')}`;

/** '66.7 %', or '—' when nothing fell due (the server sends null: there is no rate). */
export const rateText = (rate: number | null) =>
  rate === null ? '—' : `${rate.toLocaleString('es-MX', { maximumFractionDigits: 1 })} %`;

/** '1 cuota', '3 cuotas'. */
const counted = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** One figure's value and the line under it, for an agent's week. */
function figures(week: AgentWeek): Record<Figure, { value: ReactNode; detail: string }> {
  const { cashDifferences: cash } = week;
  return {
    due: {
      value: <MoneyText value={week.installmentsDue.amount} />,
      detail: counted(week.installmentsDue.count, 'cuota', 'cuotas'),
    },
    collected: {
      value: <MoneyText value={week.collected.amount} />,
      detail: counted(week.collected.count, 'pago', 'pagos'),
    },
    rate: {
      value: rateText(week.collectionRate),
      detail: `${formatCount(week.collectedOnDue.count)} de ${counted(week.installmentsDue.count, 'cuota', 'cuotas')}`,
    },
    promises: {
      value: `${formatCount(week.promises.made)} (${formatCount(week.promises.kept)})`,
      detail: counted(week.promises.broken, 'incumplida', 'incumplidas'),
    },
    withoutPayment: {
      value: formatCount(week.visitsWithoutPayment),
      detail: `de ${counted(week.visits, 'visita', 'visitas')}`,
    },
    cash: {
      value: <MoneyText value={cash.total} c={cash.total < 0 ? 'red.7' : undefined} />,
      detail:
        cash.count === 0
          ? 'Sin diferencias'
          : `${formatCount(cash.count)} ${cash.count === 1 ? 'corte' : 'cortes'} · ${
              cash.total < 0 ? 'Faltante' : cash.total > 0 ? 'Sobrante' : 'Se compensan'
            }`,
    },
  };
}

const FIGURES = Object.keys(WEEK_LABELS) as Figure[];

/** One agent's figures as tiles: two per row on a phone, six on a wide screen. */
function AgentTiles({ week }: { week: AgentWeek }) {
  const shown = figures(week);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="xs">
      {FIGURES.map((figure) => (
        <Paper key={figure} withBorder radius="md" p="xs" data-testid={`week-${figure}`}>
          <Text size="xs" c="dimmed" fw={600}>
            {WEEK_LABELS[figure]}
          </Text>
          <Text fz={18} fw={700}>
            {shown[figure].value}
          </Text>
          <Text size="xs" c="dimmed">
            {shown[figure].detail}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const agentName = (week: AgentWeek) => `${week.agent.name} ${week.agent.lastName}`;

/** Every agent side by side: a table on a wide screen, one card per agent on a phone. */
function AgentsSideBySide({ agents }: { agents: AgentWeek[] }) {
  return (
    <>
      <Table.ScrollContainer minWidth={720} visibleFrom="sm">
        <Table striped withTableBorder aria-label="Semana por agente">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Agente</Table.Th>
              {FIGURES.map((figure) => (
                <Table.Th key={figure} ta="right">
                  {WEEK_LABELS[figure]}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {agents.map((week) => {
              const shown = figures(week);
              return (
                <Table.Tr key={week.agent.id}>
                  <Table.Td>{agentName(week)}</Table.Td>
                  {FIGURES.map((figure) => (
                    <Table.Td key={figure} ta="right">
                      <Text span fw={600}>
                        {shown[figure].value}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {shown[figure].detail}
                      </Text>
                    </Table.Td>
                  ))}
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="sm" data-testid="week-agent-cards">
        {agents.map((week) => (
          <Box key={week.agent.id} component="section" aria-label={agentName(week)}>
            <Text fw={700} mb={4}>
              {agentName(week)}
            </Text>
            <AgentTiles week={week} />
          </Box>
        ))}
      </Stack>
    </>
  );
}

/**
 * 'Semana' of Cobranza: the business week (Monday to Sunday) in figures, with the previous and next
 * week. An agent sees their own; an administrator every active agent side by side. Opens on this week.
 */
export function WeekSummary({ userId, isAdmin }: { userId: string; isAdmin: boolean }) {
  // undefined: this week, as the server's clock reads it.
  const [week, setWeek] = useState<string | undefined>(undefined);
  const [page, setPage] = useState(1);
  const query = useCollectionsWeek(userId, week, page);
  const shown = query.data?.week;
  const atThisWeek = !shown || shown.to >= businessToday();
  const step = (days: number) => shown && setWeek(shift(shown.from, days));
  const totalPages = query.data?.totalPages ?? 1;
  // Without signal there is no week to show (it is not kept on the phone): say so quietly, the route
  // below is what matters then.
  const offline =
    (query.isPending && query.fetchStatus === 'paused') ||
    (query.isError && isApiError(query.error) && query.error.status === 0);

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label="Semana">
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Semana anterior"
          disabled={!shown}
          onClick={() => step(-7)}
        >
          <IconChevronLeft size={20} aria-hidden />
        </ActionIcon>
        <Text fw={700} ta="center" data-testid="week-title">
          {shown ? weekTitle(shown) : 'Semana'}
        </Text>
        <ActionIcon
          variant="subtle"
          size="lg"
          aria-label="Semana siguiente"
          disabled={atThisWeek}
          onClick={() => step(7)}
        >
          <IconChevronRight size={20} aria-hidden />
        </ActionIcon>
      </Group>
      {offline ? (
        <Text size="sm" c="dimmed" ta="center" data-testid="week-offline">
          Sin conexión: la semana se verá cuando vuelva la señal.
        </Text>
      ) : query.isPending ? (
        <CenteredLoader label="Cargando la semana" />
      ) : query.isError ? (
        <RetryAlert
          text="No se pudo cargar la semana."
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.agents.length === 0 ? (
        <EmptyState icon={<IconMoodEmpty size={24} />}>No hay agentes activos.</EmptyState>
      ) : isAdmin ? (
        <Stack gap="xs">
          <AgentsSideBySide agents={query.data.agents} />
          {totalPages > 1 && (
            <Group justify="center">
              <Pagination
                total={totalPages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) =>
                  control === 'previous'
                    ? { 'aria-label': 'Agentes anteriores' }
                    : control === 'next'
                      ? { 'aria-label': 'Más agentes' }
                      : {}
                }
                getItemProps={(n) => ({ 'aria-label': `Agentes, página ${n}` })}
              />
            </Group>
          )}
        </Stack>
      ) : (
        query.data.agents[0] && <AgentTiles week={query.data.agents[0]} />
      )}
    </Paper>
  );
}
