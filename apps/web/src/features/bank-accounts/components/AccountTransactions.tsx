import { Stack } from '@mantine/core';
import {
  ACCOUNT_OPERATION_LABELS,
  ACCOUNT_OPERATION_TYPES,
  type AccountTransaction,
  type DatedListQuery,
} from '@prestaya/contracts';
import { IconFileDescription } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { CatalogTable, type ExtraButton, filterOptionsOf } from '../../../components/CatalogTable/index.ts';
import { LoadError } from '../../../components/QueryState.tsx';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { getAccountTransactions } from '../api/get-account-transactions.ts';
import { bankAccountQueryOptions } from '../api/get-bank-account.ts';
import { bankAccountsKeys } from '../api/keys.ts';
import { AccountBreadcrumbs, AccountHeader, BACK_TO_ACCOUNTS, HeaderSkeleton } from './AccountHeader.tsx';
import { TRANSACTION_COLUMNS } from './transaction-columns.tsx';

const typeOptions = filterOptionsOf(ACCOUNT_OPERATION_TYPES, ACCOUNT_OPERATION_LABELS);

/** /admin/bank-accounts/:id/transactions: the account's ledger, newest first, by type and dates. */
export function AccountTransactions({ accountId }: { accountId: string }) {
  const navigate = useNavigate();
  const account = useQuery(bankAccountQueryOptions(accountId));
  const fetchPage = useCallback(
    (params: DatedListQuery) => getAccountTransactions(accountId, params),
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
        listId="account-transactions"
        title="Transacciones"
        queryKey={bankAccountsKeys.transactions(accountId)}
        fetchPage={fetchPage}
        columns={TRANSACTION_COLUMNS}
        filterOptions={typeOptions}
        filterLabel="Tipo"
        dateFilter
        extraButtons={extraButtons}
        exportCsv={{
          path: `${apiPaths.bankAccount(accountId)}/transactions/export.csv`,
          fallbackName: 'movimientos.csv',
        }}
      />
    </Stack>
  );
}
