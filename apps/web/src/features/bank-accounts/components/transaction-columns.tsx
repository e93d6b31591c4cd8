import { Stack, Text } from '@mantine/core';
import type { AccountTransaction } from '@prestaya/contracts';
import type { ColumnDef } from '../../../components/CatalogTable/index.ts';
import { DateTimeCell } from '../../../components/DateTimeCell.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { ACCOUNT_OPERATION_BADGES, transactionDateParts } from '../labels.ts';
import { SignedAmount } from './SignedAmount.tsx';

/** DD/MM/YYYY hh:mm a (docs/product.md §9), the time under the date so narrow screens do not break it anywhere. */
const dateOf = (transaction: AccountTransaction) => (
  <DateTimeCell {...transactionDateParts(transaction.createdOn)} />
);

/** The type's badge and the whole concept under it, wrapped: often the only note of why money moved. */
function TypeAndConcept({ transaction }: { transaction: AccountTransaction }) {
  return (
    <Stack gap={2} align="flex-start">
      <StatusBadge value={transaction.operationType} labels={ACCOUNT_OPERATION_BADGES} />
      {transaction.reason && (
        <Text size="xs" c="dimmed" maw={220} style={{ overflowWrap: 'anywhere' }}>
          {transaction.reason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * docs/product.md §2 "AccountTransactions": date, balance before, real before, amount, type, balance after, real
 * after. A phone's card shows the key ones, date, amount, type and the balance after (the others are in
 * Detalle); the folded 'Movimiento' serves the table's narrow widths above a phone's.
 */
export const TRANSACTION_COLUMNS: ColumnDef<AccountTransaction>[] = [
  {
    header: 'Movimiento',
    // A key of its own: the table keys its columns by accessor, and 'Fecha' reads createdOn.
    accessor: 'movement',
    hiddenFrom: 'sm',
    render: (transaction) => (
      <Stack gap={6} align="flex-start">
        {dateOf(transaction)}
        <TypeAndConcept transaction={transaction} />
      </Stack>
    ),
  },
  { header: 'Fecha', accessor: 'createdOn', visibleFrom: 'sm', key: true, render: dateOf },
  { header: 'Saldo anterior', accessor: 'initialBalance', type: 'money', visibleFrom: 'sm' },
  { header: 'Real anterior', accessor: 'initialRealBalance', type: 'money', visibleFrom: 'md' },
  {
    header: 'Monto',
    accessor: 'amount',
    textAlign: 'right',
    key: true,
    render: (transaction) => <SignedAmount transaction={transaction} />,
  },
  {
    header: 'Tipo',
    accessor: 'operationType',
    visibleFrom: 'sm',
    key: true,
    render: (transaction) => <TypeAndConcept transaction={transaction} />,
  },
  { header: 'Saldo posterior', accessor: 'endBalance', type: 'money', visibleFrom: 'sm', key: true },
  { header: 'Real posterior', accessor: 'endRealBalance', type: 'money', visibleFrom: 'md' },
];
