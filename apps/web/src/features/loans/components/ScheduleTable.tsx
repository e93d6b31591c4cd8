import { Stack, Table, Text } from '@mantine/core';
import { formatCents, pesosToCents, type ScheduledPayment } from '@prestaya/contracts';
import { PAYABLE_INSTALLMENT_STATUSES } from '@prestaya/domain';
import { IconCalendarOff } from '@tabler/icons-react';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { OfflineBanner, OfflineEmpty } from '../../../components/OfflineNotice.tsx';
import { CenteredLoader, EmptyState, RetryAlert } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { offlineCopyAt, offlineWithoutCopy, useOnline } from '../../../lib/offline-copy.ts';
import { useScheduledPayments } from '../api/get-scheduled-payments.ts';
import { SCHEDULED_PAYMENT_BADGES } from '../labels.ts';

export const NO_SCHEDULE_TEXT = 'El calendario de pagos se genera al entregar el préstamo';
export const SCHEDULE_NOT_ON_PHONE =
  'Sin conexión: el calendario de este préstamo no está guardado en este teléfono. Se cargará al volver la señal.';

export interface ScheduleTableProps {
  loanId: string;
  /** Only the installments that still have to be paid. */
  onlyPending?: boolean;
  /** Accessible name of the table. */
  label?: string;
}

const PENDING = new Set<ScheduledPayment['status']>(PAYABLE_INSTALLMENT_STATUSES);

/**
 * An installment's amount; one an abono paid or holds part of also says what was paid (and what is in
 * validation) and what remains.
 */
function AmountCell({ payment }: { payment: ScheduledPayment }) {
  const paidCents = pesosToCents(payment.paid ?? 0);
  const heldCents = pesosToCents(payment.held ?? 0);
  if (payment.status === 'PAID' || (paidCents === 0 && heldCents === 0)) {
    return <MoneyText value={payment.amount} />;
  }
  const remainingCents = pesosToCents(payment.amount) - paidCents;
  return (
    <Stack gap={0} align="flex-end">
      <MoneyText value={payment.amount} />
      {paidCents > 0 && (
        <Text size="xs" c="teal" style={{ whiteSpace: 'nowrap' }}>
          Abonado {formatCents(paidCents)}
        </Text>
      )}
      {heldCents > 0 && payment.status !== 'VALIDATING' && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          En validación {formatCents(heldCents)}
        </Text>
      )}
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        Resta {formatCents(remainingCents)}
      </Text>
    </Stack>
  );
}

/** The loan's scheduled payments: No., Concepto, Vence (DD/MM/YYYY), Monto, Estatus. Read-only. */
export function ScheduleTable({
  loanId,
  onlyPending = false,
  label = 'Calendario de pagos',
}: ScheduleTableProps) {
  const schedule = useScheduledPayments(loanId);
  const online = useOnline();
  const savedAt = offlineCopyAt(schedule, online);
  if (offlineWithoutCopy(schedule, online)) return <OfflineEmpty>{SCHEDULE_NOT_ON_PHONE}</OfflineEmpty>;
  if (schedule.isPending) return <CenteredLoader label="Cargando calendario" />;
  if ((schedule.isError && savedAt === undefined) || schedule.data === undefined) {
    return <RetryAlert text="No se pudo cargar el calendario." onRetry={() => void schedule.refetch()} />;
  }
  const rows = onlyPending ? schedule.data.filter((p) => PENDING.has(p.status)) : schedule.data;
  if (rows.length === 0) {
    return (
      <>
        <OfflineBanner savedAt={savedAt} />
        <EmptyState icon={<IconCalendarOff size={24} />}>
          {schedule.data.length === 0 ? NO_SCHEDULE_TEXT : 'No hay pagos pendientes'}
        </EmptyState>
      </>
    );
  }
  return (
    // On a phone No. and Vence fold into the Concepto cell, so the table fits without scrolling.
    <Table.ScrollContainer minWidth={300}>
      <OfflineBanner savedAt={savedAt} />
      <LinesTable
        highlightOnHover
        aria-label={label}
        rows={rows}
        rowKey={(payment) => payment.id}
        columns={[
          { header: 'No.', wide: true, w: 48, cell: (payment) => payment.paymentNumber },
          {
            header: 'Concepto',
            cell: (payment) => (
              <FoldedCell nowrap folded={`Vence ${formatDate(payment.dueDate)}`}>
                {payment.concept}
              </FoldedCell>
            ),
          },
          { header: 'Vence', wide: true, cell: (payment) => formatDate(payment.dueDate) },
          { header: 'Monto', align: 'right', cell: (payment) => <AmountCell payment={payment} /> },
          {
            header: 'Estatus',
            cell: (payment) => <StatusBadge value={payment.status} labels={SCHEDULED_PAYMENT_BADGES} />,
          },
        ]}
      />
    </Table.ScrollContainer>
  );
}
