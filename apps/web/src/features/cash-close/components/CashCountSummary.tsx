import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { CASH_DENOMINATIONS, type CashCountOfDay, DENOMINATION_LABELS } from '@prestaya/contracts';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { CLOSED_LABEL, differenceColor, differenceText, paymentsCount } from '../labels.ts';

/**
 * A closed day: 'Cerrado', who and when, the figures the server recorded, the note, the pieces when
 * they were listed, and the cash payments that arrived after the close (outside the count).
 */
export function CashCountSummary({ closure }: { closure: CashCountOfDay }) {
  const pieces = CASH_DENOMINATIONS.filter(({ key }) => (closure.denominations?.[key] ?? 0) > 0);
  return (
    <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }} aria-label="Cierre del día" role="region">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={2} size="h4">
              Cierre del día
            </Title>
            <Badge color="gray" leftSection={<IconLock size={12} aria-hidden />} data-testid="day-closed">
              {CLOSED_LABEL}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {closure.closedBy.name} {closure.closedBy.lastName} · {formatDateTime(closure.closedOn)}
          </Text>
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Esperado
            </Text>
            <MoneyText value={closure.expected} fw={700} data-testid="closure-expected" />
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Contado
            </Text>
            <MoneyText value={closure.counted} fw={700} data-testid="closure-counted" />
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Diferencia
            </Text>
            <Text fw={700} c={differenceColor(closure.kind)} data-testid="closure-difference">
              {differenceText(closure.kind, closure.difference)}
            </Text>
          </div>
          <div>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              Cuenta
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {closure.bankAccount.name}
            </Text>
          </div>
        </SimpleGrid>
        {closure.note && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }} data-testid="closure-note">
            Nota: {closure.note}
          </Text>
        )}
        {pieces.length > 0 && (
          <Text size="xs" c="dimmed">
            {pieces
              .map(({ key }) => `${DENOMINATION_LABELS[key]} × ${closure.denominations?.[key]}`)
              .join(' · ')}
          </Text>
        )}
        {closure.lateArrivals.count > 0 && (
          <Alert
            color="yellow"
            icon={<IconAlertTriangle size={18} aria-hidden />}
            p="xs"
            data-testid="late-arrivals"
          >
            {`Después del cierre llegaron ${paymentsCount(closure.lateArrivals.count)} en efectivo por ${formatMoney(
              closure.lateArrivals.total,
            )}: no están en el conteo y siguen en validación.`}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
