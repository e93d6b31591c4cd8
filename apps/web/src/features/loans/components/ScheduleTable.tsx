import { Center, Loader, Stack, Table, Text, ThemeIcon } from '@mantine/core';
import type { ScheduledPayment } from '@prestaya/contracts';
import { IconCalendarOff } from '@tabler/icons-react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { RetryAlert } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useScheduledPayments } from '../api/get-scheduled-payments.ts';
import { SCHEDULED_PAYMENT_BADGES } from '../labels.ts';

export const NO_SCHEDULE_TEXT = 'El calendario de pagos se genera al entregar el préstamo';

export interface ScheduleTableProps {
  loanId: string;
  /** Only the installments that still have to be paid. */
  onlyPending?: boolean;
  /** Accessible name of the table. */
  label?: string;
}

const PENDING = new Set<ScheduledPayment['status']>(['PENDING', 'DELAYED']);

/** The loan's scheduled payments: No., Concepto, Vence (DD/MM/YYYY), Monto, Estatus. Read-only. */
export function ScheduleTable({
  loanId,
  onlyPending = false,
  label = 'Calendario de pagos',
}: ScheduleTableProps) {
  const schedule = useScheduledPayments(loanId);
  if (schedule.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando calendario" />
      </Center>
    );
  }
  if (schedule.isError) {
    return <RetryAlert text="No se pudo cargar el calendario." onRetry={() => void schedule.refetch()} />;
  }
  const rows = onlyPending ? schedule.data.filter((p) => PENDING.has(p.status)) : schedule.data;
  if (rows.length === 0) {
    return (
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
          <IconCalendarOff size={24} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" ta="center">
          {schedule.data.length === 0 ? NO_SCHEDULE_TEXT : 'No hay pagos pendientes'}
        </Text>
      </Stack>
    );
  }
  return (
    // On a phone No. and Vence fold into the Concepto cell, so the table fits without scrolling.
    <Table.ScrollContainer minWidth={300}>
      <Table striped highlightOnHover verticalSpacing="xs" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48} visibleFrom="xs">
              No.
            </Table.Th>
            <Table.Th>Concepto</Table.Th>
            <Table.Th visibleFrom="xs">Vence</Table.Th>
            <Table.Th ta="right">Monto</Table.Th>
            <Table.Th>Estatus</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((payment) => (
            <Table.Tr key={payment.id}>
              <Table.Td visibleFrom="xs">{payment.paymentNumber}</Table.Td>
              <Table.Td>
                <Text inherit style={{ whiteSpace: 'nowrap' }}>
                  {payment.concept}
                </Text>
                <Text size="xs" c="dimmed" hiddenFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                  Vence {formatDate(payment.dueDate)}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="xs">{formatDate(payment.dueDate)}</Table.Td>
              <Table.Td ta="right">
                <MoneyText value={payment.amount} />
              </Table.Td>
              <Table.Td>
                <StatusBadge value={payment.status} labels={SCHEDULED_PAYMENT_BADGES} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
