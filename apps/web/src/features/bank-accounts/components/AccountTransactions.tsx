import { Stack, Text } from '@mantine/core';
import type { AccountTransaction, PagedQuery } from '@prestaya/contracts';
import { IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CatalogTable, type ColumnDef, type ExtraButton } from '../../../components/CatalogTable/index.ts';
import { DateTimeCell } from '../../../components/DateTimeCell.tsx';
import { LoadError } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { getAccountTransactions } from '../api/get-account-transactions.ts';
import { bankAccountQueryOptions } from '../api/get-bank-account.ts';
import { bankAccountsKeys } from '../api/keys.ts';
import { ACCOUNT_OPERATION_BADGES, transactionDateParts } from '../labels.ts';
import { AccountBreadcrumbs, AccountHeader, BACK_TO_ACCOUNTS, HeaderSkeleton } from './AccountHeader.tsx';

/** Spec 2 "AccountTransactions": date, balance before, real before, amount, type, balance after, real after. */
export const TRANSACTION_COLUMNS: ColumnDef<AccountTransaction>[] = [
  {
    header: 'Fecha',
    accessor: 'createdOn',
    // DD/MM/YYYY hh:mm a (spec 9), the time under the date so narrow screens do not break it anywhere.
    render: (transaction) => {
      return <DateTimeCell {...transactionDateParts(transaction.createdOn)} />;
    },
  },
  { header: 'Saldo anterior', accessor: 'initialBalance', type: 'money', visibleFrom: 'sm' },
  { header: 'Real anterior', accessor: 'initialRealBalance', type: 'money', visibleFrom: 'md' },
  { header: 'Monto', accessor: 'amount', type: 'money' },
  {
    header: 'Tipo',
    accessor: 'operationType',
    width: 150,
    // The badge, and the concept under it ('Saldo inicial', the withdrawal's reason…).
    render: (transaction) => (
      <Stack gap={2} align="flex-start">
        <StatusBadge value={transaction.operationType} labels={ACCOUNT_OPERATION_BADGES} />
        {transaction.reason && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={220} title={transaction.reason}>
            {transaction.reason}
          </Text>
        )}
      </Stack>
    ),
  },
  { header: 'Saldo posterior', accessor: 'endBalance', type: 'money' },
  { header: 'Real posterior', accessor: 'endRealBalance', type: 'money', visibleFrom: 'md' },
];

/** /admin/bank-accounts/:id/transactions: the account's ledger, newest first. */
export function AccountTransactions({ accountId }: { accountId: string }) {
  const navigate = useNavigate();
  const account = useQuery(bankAccountQueryOptions(accountId));
  const fetchPage = useCallback(
    (params: PagedQuery) => getAccountTransactions(accountId, params),
    [accountId],
  );
  const extraButtons = useMemo<ExtraButton<AccountTransaction>[]>(
    () => [
      {
        label: 'Detalle',
        icon: <IconFileDescription size={16} aria-hidden />,
        onClick: (transaction) => navigate(screenPaths.accountTransaction(accountId, transaction.id)),
      },
    ],
    [accountId, navigate],
  );

  if (account.isError) {
    return (
      <Stack gap="lg">
        <title>Transacciones de la Cuenta · PrestaYa</title>
        <AccountBreadcrumbs items={[]} />
        <LoadError
          error={account.error}
          onRetry={() => void account.refetch()}
          what="la cuenta"
          back={BACK_TO_ACCOUNTS}
        />
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <title>{`${account.data ? `Transacciones · ${account.data.name}` : 'Transacciones de la Cuenta'} · PrestaYa`}</title>
      <AccountBreadcrumbs items={[{ label: account.data?.name ?? 'Transacciones' }]} />
      {account.data ? <AccountHeader account={account.data} /> : <HeaderSkeleton />}
      <CatalogTable<AccountTransaction>
        title="Transacciones"
        queryKey={bankAccountsKeys.transactions(accountId)}
        fetchPage={fetchPage}
        columns={TRANSACTION_COLUMNS}
        extraButtons={extraButtons}
        exportCsv={{
          path: `${apiPaths.bankAccount(accountId)}/transactions/export.csv`,
          fallbackName: 'movimientos.csv',
        }}
      />
    </Stack>
  );
}
