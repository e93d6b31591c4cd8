import { Button, Divider, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ACCOUNT_OPERATION_LABELS, type AccountTransaction } from '@prestaya/contracts';
import { IconArrowLeft } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DetailField } from '../../../components/DetailField.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { LoadError } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { screenPaths } from '../../../lib/paths.ts';
import { accountTransactionQueryOptions } from '../api/get-account-transaction.ts';
import { bankAccountQueryOptions } from '../api/get-bank-account.ts';
import { ACCOUNT_OPERATION_BADGES, formatTransactionDateTime } from '../labels.ts';
import { AccountBreadcrumbs, BACK_TO_ACCOUNTS } from './AccountHeader.tsx';
import { SignedAmount } from './SignedAmount.tsx';

function Details({ transaction }: { transaction: AccountTransaction }) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
        <DetailField label="Fecha">{formatTransactionDateTime(transaction.createdOn)}</DetailField>
        <DetailField label="Tipo">
          <StatusBadge value={transaction.operationType} labels={ACCOUNT_OPERATION_BADGES} />
        </DetailField>
        <DetailField label="Monto">
          <Text span fz={24} fw={700}>
            <SignedAmount transaction={transaction} />
          </Text>
        </DetailField>
        {transaction.reason && <DetailField label="Concepto">{transaction.reason}</DetailField>}
      </SimpleGrid>
      <Divider />
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
        <DetailField label="Saldo anterior">
          <MoneyText value={transaction.initialBalance} />
        </DetailField>
        <DetailField label="Saldo posterior">
          <MoneyText value={transaction.endBalance} />
        </DetailField>
        <DetailField label="Real anterior">
          <MoneyText value={transaction.initialRealBalance} />
        </DetailField>
        <DetailField label="Real posterior">
          <MoneyText value={transaction.endRealBalance} />
        </DetailField>
      </SimpleGrid>
    </Stack>
  );
}

/** /admin/bank-accounts/:accountId/transactions/:transactionId: date with time, type, concept, amount. */
export function TransactionDetails({
  accountId,
  transactionId,
}: {
  accountId: string;
  transactionId: string;
}) {
  const account = useQuery(bankAccountQueryOptions(accountId));
  const transaction = useQuery(accountTransactionQueryOptions(accountId, transactionId));
  const backTo = screenPaths.accountTransactions(accountId);
  const label = transaction.data ? ACCOUNT_OPERATION_LABELS[transaction.data.operationType] : undefined;

  return (
    <Stack gap="lg">
      <title>{`Detalle de la Transacción${label ? ` · ${label}` : ''} · PrestaYa`}</title>
      <AccountBreadcrumbs
        items={[{ label: account.data?.name ?? 'Transacciones', to: backTo }, { label: 'Detalle' }]}
      />
      {transaction.isError ? (
        <LoadError
          error={transaction.error}
          onRetry={() => void transaction.refetch()}
          what="la transacción"
          back={BACK_TO_ACCOUNTS}
        />
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={760}>
          <Stack gap="lg">
            <Stack gap={2}>
              <Title order={1} size="h2">
                Detalle de la Transacción
              </Title>
              {account.data && (
                <Text size="sm" c="dimmed">
                  {account.data.name} · {account.data.bankName}
                </Text>
              )}
            </Stack>
            {transaction.data ? (
              <Details transaction={transaction.data} />
            ) : (
              <Stack gap="sm" aria-busy="true" aria-label="Cargando transacción">
                <Skeleton h={18} w={220} />
                <Skeleton h={18} w={120} />
                <Skeleton h={28} w={160} />
              </Stack>
            )}
            <Group>
              <Button
                component={Link}
                to={backTo}
                variant="light"
                leftSection={<IconArrowLeft size={16} aria-hidden />}
              >
                Volver a Transacciones
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
