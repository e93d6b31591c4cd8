import { Badge, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import {
  MATCH_CONFIDENCE_LABELS,
  type PaymentToReconcile,
  STATEMENT_LINE_STATE_LABELS,
  type StatementLine,
  type StatementView,
} from '@prestaya/contracts';
import { Link } from 'react-router';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDate } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';

type Match = StatementView['matches'][number];

const CONFIDENCE_COLORS = { HIGH: 'teal', MEDIUM: 'yellow', LOW: 'orange' } as const;

/** One statement line: date, concept and reference as the bank wrote them, amount, state. */
export function LineCard({ line }: { line: StatementLine }) {
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={`Línea ${line.row}`}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            Fila {line.row} · {formatDate(line.date)}
          </Text>
          <MoneyText value={line.direction === 'DEBIT' ? -line.amount : line.amount} fw={600} />
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {line.concept || 'Sin concepto'}
          {line.reference ? ` · Ref. ${line.reference}` : ''}
        </Text>
        {line.state !== 'NEW' ? (
          <Group gap="xs">
            <Badge variant="light" color={line.state === 'RECONCILED' ? 'teal' : 'gray'}>
              {STATEMENT_LINE_STATE_LABELS[line.state]}
            </Badge>
            {line.reconciledLoanNum !== null ? (
              <Text size="xs">Préstamo #{line.reconciledLoanNum}</Text>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** A transfer payment in validation: customer, loan, its payment reference, date and amount. */
export function PaymentCard({ payment }: { payment: PaymentToReconcile }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`Pago del préstamo #${payment.loan.num}`}
    >
      <PaymentLines payment={payment} />
    </Paper>
  );
}

function PaymentLines({ payment }: { payment: PaymentToReconcile }) {
  return (
    <Stack gap={2}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text
          size="sm"
          component={Link}
          to={screenPaths.payment(payment.id)}
          style={{ overflowWrap: 'anywhere' }}
        >
          {payment.customerName} · Préstamo #{payment.loan.num}
        </Text>
        <MoneyText value={payment.amount} fw={600} />
      </Group>
      <Text size="xs" c="dimmed">
        Pago del {formatDate(payment.date)} · Referencia {payment.paymentReference}
      </Text>
    </Stack>
  );
}

/** A matched pair with its confidence and the box that selects it for 'Confirmar seleccionados'. */
export function MatchCard({
  match,
  checked,
  onToggle,
}: {
  match: Match;
  checked: boolean;
  onToggle: () => void;
}) {
  const { line, payment } = match;
  const label = `Fila ${line.row} con el préstamo #${payment.loan.num}`;
  return (
    <Paper withBorder radius="md" p="sm" component="article" aria-label={label}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Checkbox checked={checked} onChange={onToggle} label={label} aria-label={`Seleccionar ${label}`} />
          <Badge variant="light" color={CONFIDENCE_COLORS[match.confidence]}>
            {MATCH_CONFIDENCE_LABELS[match.confidence]}
          </Badge>
        </Group>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          Banco {formatDate(line.date)}: {line.concept || 'Sin concepto'}
          {line.reference ? ` · Ref. ${line.reference}` : ''} · <MoneyText value={line.amount} />
        </Text>
        <PaymentLines payment={payment} />
      </Stack>
    </Paper>
  );
}
