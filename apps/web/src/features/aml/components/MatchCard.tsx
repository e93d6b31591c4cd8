import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { AML_MATCH_KIND_LABELS, type AmlMatch } from '@prestaya/contracts';
import { Link } from 'react-router';
import { formatDate, formatDateTime, fullName } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';

/** One match as a card (every width: a page of them reads on phones too). */
export function MatchCard({ match, onResolve }: { match: AmlMatch; onResolve: (match: AmlMatch) => void }) {
  const { customer, blockedPerson: person } = match;
  const open = match.status === 'OPEN';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`Coincidencia de ${fullName(customer)}`}
    >
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text
            fw={600}
            component={Link}
            to={screenPaths.customer(customer.id)}
            style={{ overflowWrap: 'anywhere' }}
          >
            {fullName(customer)} · #{customer.num}
          </Text>
          <Badge variant="light" color={open ? 'orange' : 'teal'}>
            {open ? 'Pendiente' : 'Resuelta'}
          </Badge>
        </Group>
        <Text size="sm">
          Coincide por {AML_MATCH_KIND_LABELS[match.kind]} con <b>{person.name}</b> ({person.list}
          {person.listedOn ? `, ${formatDate(person.listedOn)}` : ''})
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          CURP del cliente {customer.curp} · lista importada «{person.importName}» · encontrada{' '}
          {formatDateTime(match.foundOn)}
        </Text>
        {open ? (
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Badge color={match.overdue ? 'red' : 'yellow'} variant={match.overdue ? 'filled' : 'light'}>
              {match.overdue ? 'Reporte vencido' : 'Reportar antes de'} {formatDateTime(match.reportDueOn)}
            </Badge>
            <Button size="xs" onClick={() => onResolve(match)}>
              Resolver
            </Button>
          </Group>
        ) : (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Resuelta {match.resolvedOn ? formatDateTime(match.resolvedOn) : ''}
            {match.resolvedBy ? ` por ${fullName(match.resolvedBy)}` : ''}: {match.resolution}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
