import { Button, Stack } from '@mantine/core';
import type { CashClosePayment } from '@prestaya/contracts';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatShortTime } from '../../../lib/format.ts';
import { fullName, methodLabel, PAYMENT_STATUS_BADGES } from '../labels.ts';

/**
 * The day's payments by time: hora, préstamo, cliente, monto, método and estatus. On a phone the
 * customer, the time and the method fold under the loan, so three columns fit 360 px without a
 * sideways scroll. With `onReject`, a payment still in validation offers 'Rechazar' under its status.
 */
export function CashCloseTable({
  payments,
  onReject,
}: {
  payments: CashClosePayment[];
  onReject?: (payment: CashClosePayment) => void;
}) {
  return (
    <LinesTable
      aria-label="Pagos del día"
      rows={payments}
      rowKey={(payment) => payment.id}
      columns={[
        { header: 'Hora', wide: true, nowrap: true, cell: (payment) => formatShortTime(payment.collectedAt) },
        {
          header: 'Préstamo',
          cell: (payment) => (
            <FoldedCell
              folded={
                // A long name breaks anywhere rather than widening the table past a phone's width.
                <span style={{ overflowWrap: 'anywhere' }}>
                  {fullName(payment.customer)} · {formatShortTime(payment.collectedAt)} ·{' '}
                  {methodLabel(payment.paymentMethod)}
                </span>
              }
            >
              <span style={{ whiteSpace: 'nowrap' }}>No. {payment.loan.num}</span>
            </FoldedCell>
          ),
        },
        { header: 'Cliente', wide: true, cell: (payment) => fullName(payment.customer) },
        { header: 'Monto', align: 'right', cell: (payment) => <MoneyText value={payment.amount} /> },
        { header: 'Método', wide: true, cell: (payment) => methodLabel(payment.paymentMethod) },
        {
          header: 'Estatus',
          cell: (payment) => (
            <Stack gap={4} align="flex-start" miw="max-content">
              <StatusBadge value={payment.status} labels={PAYMENT_STATUS_BADGES} />
              {onReject && payment.status === 'VALIDATING' && (
                <Button
                  size="compact-xs"
                  variant="light"
                  color="red"
                  onClick={() => onReject(payment)}
                  aria-label={`Rechazar pago del préstamo No. ${payment.loan.num} de ${fullName(payment.customer)}`}
                >
                  Rechazar
                </Button>
              )}
            </Stack>
          ),
        },
      ]}
    />
  );
}
