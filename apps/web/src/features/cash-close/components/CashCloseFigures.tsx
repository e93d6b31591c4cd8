import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { CashClose } from '@prestaya/contracts';
import { MoneyText } from '../../../components/MoneyText.tsx';

interface Figure {
  label: string;
  value: number;
  testId: string;
  color?: string;
}

/**
 * The day's totals as the server summed them. The agent reads what to hand in; the administrator what
 * to expect and what is left to confirm.
 */
export function CashCloseFigures({ totals, admin }: { totals: CashClose['totals']; admin: boolean }) {
  const figures: Figure[] = [
    {
      label: admin ? 'Efectivo esperado' : 'Efectivo a entregar',
      value: totals.cash,
      testId: 'cash-total',
      color: 'teal.9',
    },
    { label: admin ? 'Por confirmar' : 'En validación', value: totals.cashPending, testId: 'cash-pending' },
    { label: 'Confirmado', value: totals.cashConfirmed, testId: 'cash-confirmed' },
    { label: 'Transferencias', value: totals.transfer, testId: 'transfer-total' },
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm" role="list" aria-label="Totales del día">
      {figures.map((figure) => (
        <Paper key={figure.testId} withBorder p="sm" radius="md" role="listitem">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {figure.label}
          </Text>
          <MoneyText value={figure.value} fw={700} size="lg" c={figure.color} data-testid={figure.testId} />
        </Paper>
      ))}
    </SimpleGrid>
  );
}
