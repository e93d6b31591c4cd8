import { Stack, Text } from '@mantine/core';
import {
  PAYMENT_STATUS_LABELS,
  PAYMENT_STATUSES,
  type PaymentListItem,
  RECOVERY_LABEL,
} from '@prestaya/contracts';
import { IconEye } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import {
  CatalogTable,
  type ColumnDef,
  type ExtraButton,
  FoldedNameCell,
  filterOptionsOf,
} from '../../../components/CatalogTable/index.ts';
import { DateTimeCell } from '../../../components/DateTimeCell.tsx';
import { businessDateTimeParts } from '../../../lib/format.ts';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { getPayments } from '../api/get-payments.ts';
import { paymentsKeys } from '../api/keys.ts';
import { methodLabel, PAYMENT_STATUS_BADGES } from '../labels.ts';

export const PAYMENTS_TITLE = 'Pagos Recibidos';
export const PAYMENTS_PAGE_SIZE = 10;

/**
 * 'Fecha': when the payment was registered (the column the list sorts and filters by); a collection
 * sent later (a phone without signal) also says when the cash was taken, its day in the Corte de caja.
 */
function RegisteredCell({ payment }: { payment: PaymentListItem }) {
  const registered = businessDateTimeParts(payment.createdOn);
  if (payment.collectedAt === payment.createdOn) return <DateTimeCell {...registered} />;
  const collected = businessDateTimeParts(payment.collectedAt);
  return (
    <Stack gap={0}>
      <DateTimeCell {...registered} />
      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="payment-collected-at">
        Cobrado {collected.date} {collected.time}
      </Text>
    </Stack>
  );
}

const columns: ColumnDef<PaymentListItem>[] = [
  { header: 'Préstamo', accessor: 'loan.num', width: 112 },
  {
    header: 'Cliente',
    accessor: 'loan.customer.name',
    concat: ['loan.customer.lastName'],
    render: (payment) => (
      <FoldedNameCell
        name={[payment.loan.customer.name, payment.loan.customer.lastName].join(' ')}
        status={{ value: payment.status, labels: PAYMENT_STATUS_BADGES }}
        amount={payment.amount}
        detail={`${methodLabel(payment.paymentMethod)}${payment.recovery ? ` · ${RECOVERY_LABEL}` : ''} · ${businessDateTimeParts(payment.createdOn).date}`}
      />
    ),
  },
  { header: 'Monto', accessor: 'amount', type: 'money', sortable: true, visibleFrom: 'sm' },
  {
    header: 'Método',
    accessor: 'paymentMethod',
    visibleFrom: 'sm',
    render: (payment) =>
      payment.recovery
        ? `${methodLabel(payment.paymentMethod)} · ${RECOVERY_LABEL}`
        : methodLabel(payment.paymentMethod),
  },
  {
    header: 'Cuenta',
    accessor: 'bankAccount.name',
    visibleFrom: 'md',
    render: (payment) => payment.bankAccount?.name ?? '—',
  },
  {
    header: 'Estatus',
    accessor: 'status',
    type: 'status',
    labels: PAYMENT_STATUS_BADGES,
    sortable: true,
    visibleFrom: 'sm',
  },
  {
    header: 'Fecha',
    accessor: 'createdOn',
    sortable: true,
    visibleFrom: 'sm',
    render: (payment) => <RegisteredCell payment={payment} />,
  },
];

const filterOptions = filterOptionsOf(PAYMENT_STATUSES, PAYMENT_STATUS_LABELS);

/**
 * /admin/payments (admin): 'Pagos Recibidos', searchable by loan number or customer, filtered by status
 * and by the business days they were registered on ('Desde'/'Hasta').
 */
export function PaymentList() {
  const navigate = useNavigate();
  const extraButtons = useMemo<ExtraButton<PaymentListItem>[]>(
    () => [
      {
        label: 'Ver',
        icon: <IconEye size={16} aria-hidden />,
        onClick: (payment) => navigate(screenPaths.payment(payment.id)),
      },
    ],
    [navigate],
  );

  return (
    <CatalogTable<PaymentListItem>
      listId="payments"
      title={PAYMENTS_TITLE}
      titleOrder={1}
      queryKey={paymentsKeys.lists()}
      fetchPage={getPayments}
      columns={columns}
      pageSize={PAYMENTS_PAGE_SIZE}
      searchable
      searchPlaceholder="No. préstamo o cliente"
      filterOptions={filterOptions}
      filterLabel="Estatus"
      dateFilter
      extraButtons={extraButtons}
      exportCsv={{ path: `${apiPaths.payments}/export.csv`, fallbackName: 'pagos.csv' }}
      onRowClick={(payment) => navigate(screenPaths.payment(payment.id))}
    />
  );
}
