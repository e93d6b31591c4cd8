import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { PROMISE_OUTCOME_LABELS, VISIT_OUTCOME_LABELS, type Visit } from '@prestaya/contracts';
import { IconWalk } from '@tabler/icons-react';
import { QueryState } from '../../../components/QueryState.tsx';
import { businessDateTimeParts, formatMoney } from '../../../lib/format.ts';
import { promiseText } from '../../../lib/visit-text.ts';
import { useCustomerVisits } from '../api/get-customer-visits.ts';

export const NO_VISITS_TEXT = 'Sin visitas registradas';

const PROMISE_COLORS = { KEPT: 'teal', PENDING: 'blue', BROKEN: 'red' } as const;

function VisitItem({ visit }: { visit: Visit }) {
  const { date, time } = businessDateTimeParts(visit.visitedAt);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} size="sm">
            {VISIT_OUTCOME_LABELS[visit.outcome]}
          </Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {date} {time}
          </Text>
        </Group>
        {visit.promise && (
          <Group gap="xs" wrap="wrap">
            <Text size="sm">{promiseText(visit)}</Text>
            <Badge size="sm" variant="light" color={PROMISE_COLORS[visit.promise.outcome]}>
              {PROMISE_OUTCOME_LABELS[visit.promise.outcome]}
            </Badge>
            {visit.promise.outcome !== 'KEPT' && visit.promise.collected > 0 && (
              <Text size="xs" c="dimmed">
                Pagado desde la visita: {formatMoney(visit.promise.collected)}
              </Text>
            )}
          </Group>
        )}
        {visit.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {visit.note}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          Préstamo No. {visit.loan.num} · {visit.agent.name} {visit.agent.lastName}
        </Text>
      </Stack>
    </Paper>
  );
}

/**
 * The customer's visits on every loan, newest first: outcome, moment, a promise with whether it was
 * kept (the server's rule), the note, the loan and who went.
 */
export function CustomerVisits({ customerId }: { customerId: string }) {
  const query = useCustomerVisits(customerId);
  return (
    <Stack gap="sm" component="section" aria-labelledby="customer-visits-title">
      <Title order={2} size="h4" id="customer-visits-title">
        Visitas
      </Title>
      <QueryState
        query={query}
        loadingLabel="Cargando visitas"
        errorText="No se pudieron cargar las visitas."
        emptyText={NO_VISITS_TEXT}
        emptyIcon={<IconWalk size={24} />}
      >
        {(visits) => (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="Visitas">
            {visits.map((visit) => (
              <VisitItem key={visit.id} visit={visit} />
            ))}
          </Stack>
        )}
      </QueryState>
    </Stack>
  );
}
