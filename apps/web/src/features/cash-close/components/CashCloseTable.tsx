import { Button, Table } from '@mantine/core';
import type { CashClosePayment } from '@prestaya/contracts';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { StatusCell } from '../../../components/StatusBadge.tsx';
import { formatShortTime } from '../../../lib/format.ts';
import { fullName, methodLabel, PAYMENT_STATUS_BADGES } from '../labels.ts';

/**
 * The day's payments by time: hora, préstamo, cliente, monto, método and estatus. On a phone the
 * customer folds under the loan and the method under the time. With `onReject`, a payment still in
 * validation offers 'Rechazar'.
 */
export function CashCloseTable({
  payments,
  onReject,
}: {
  payments: CashClosePayment[];
  onReject?: (payment: CashClosePayment) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={300}>
      <LinesTable
        aria-label="Pagos del día"
        rows={payments}
        rowKey={(payment) => payment.id}
        columns={[
          {
            header: 'Hora',
            nowrap: true,
            cell: (payment) => (
              <FoldedCell folded={methodLabel(payment.paymentMethod)} nowrap>
                {formatShortTime(payment.createdOn)}
              </FoldedCell>
            ),
          },
          {
            header: 'Préstamo',
            cell: (payment) => (
              <FoldedCell folded={fullName(payment.customer)} nowrap>
                No. {payment.loan.num}
              </FoldedCell>
            ),
          },
          { header: 'Cliente', wide: true, cell: (payment) => fullName(payment.customer) },
          { header: 'Monto', align: 'right', cell: (payment) => <MoneyText value={payment.amount} /> },
          { header: 'Método', wide: true, cell: (payment) => methodLabel(payment.paymentMethod) },
          {
            header: 'Estatus',
            cell: (payment) => <StatusCell value={payment.status} labels={PAYMENT_STATUS_BADGES} />,
          },
          !!onReject && {
            header: 'Acciones',
            hiddenHeader: true,
            align: 'right',
            cell: (payment) =>
              payment.status === 'VALIDATING' && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onReject?.(payment)}
                  aria-label={`Rechazar pago del préstamo No. ${payment.loan.num} de ${fullName(payment.customer)}`}
                >
                  Rechazar
                </Button>
              ),
          },
        ]}
      />
    </Table.ScrollContainer>
  );
}
