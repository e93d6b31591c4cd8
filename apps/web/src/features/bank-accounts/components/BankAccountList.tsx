import { Stack, Text } from '@mantine/core';
import type { BankAccount } from '@prestaya/contracts';
import { IconCashMinus, IconCashPlus, IconListDetails } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CatalogTable, type ColumnDef, type ExtraButton } from '../../../components/CatalogTable/index.ts';
import { apiPaths, screenPaths } from '../../../lib/paths.ts';
import { getBankAccounts } from '../api/get-bank-accounts.ts';
import { bankAccountsKeys } from '../api/keys.ts';
import { AccountDialog } from './AccountDialog.tsx';
import { MovementDialog, type MovementKind } from './MovementDialog.tsx';

/** docs/product.md §7/§9: bank accounts use page size 20. */
export const BANK_ACCOUNTS_PAGE_SIZE = 20;

const columns: ColumnDef<BankAccount>[] = [
  {
    header: 'Nombre',
    accessor: 'name',
    sortable: true,
    render: (account) => (
      <Stack gap={0}>
        <Text size="sm" fw={500}>
          {account.name}
        </Text>
        <Text size="xs" c="dimmed">
          {account.bankName}
        </Text>
      </Stack>
    ),
  },
  { header: 'Saldo', accessor: 'balance', type: 'money', sortable: true },
  { header: 'Saldo Real', accessor: 'realBalance', type: 'money', sortable: true },
];

/** /admin/bank-accounts (admin only): 'Cuentas Bancarias'. */
export function BankAccountList() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [movement, setMovement] = useState<{
    opened: boolean;
    kind: MovementKind;
    account: BankAccount | null;
  }>({
    opened: false,
    kind: 'withdrawal',
    account: null,
  });
  // Bumped after every operation: the table goes back to page 1 (docs/product.md §2 "BankAccountList").
  const [operations, setOperations] = useState(0);

  const afterOperation = () => {
    setOperations((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: bankAccountsKeys.lists() });
  };

  const openMovement = (kind: MovementKind) => (account: BankAccount) =>
    setMovement({ opened: true, kind, account });
  const closeMovement = () => setMovement((m) => ({ ...m, opened: false }));

  const extraButtons: ExtraButton<BankAccount>[] = [
    {
      label: 'Transacciones',
      icon: <IconListDetails size={16} aria-hidden />,
      onClick: (account) => navigate(screenPaths.accountTransactions(account.id)),
    },
    { label: 'Retirar', icon: <IconCashMinus size={16} aria-hidden />, onClick: openMovement('withdrawal') },
    { label: 'Depositar', icon: <IconCashPlus size={16} aria-hidden />, onClick: openMovement('deposit') },
  ];

  return (
    <Stack>
      <CatalogTable<BankAccount>
        listId="bank-accounts"
        title="Cuentas Bancarias"
        titleOrder={1}
        queryKey={bankAccountsKeys.lists()}
        fetchPage={getBankAccounts}
        columns={columns}
        pageSize={BANK_ACCOUNTS_PAGE_SIZE}
        searchable
        searchPlaceholder="Nombre, Banco, Titular"
        onAdd={() => setCreating(true)}
        addLabel="Registrar Cuenta"
        extraButtons={extraButtons}
        resetPageKey={operations}
        exportCsv={{ path: `${apiPaths.bankAccounts}/export.csv`, fallbackName: 'cuentas.csv' }}
      />
      <AccountDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={() => {
          setCreating(false);
          afterOperation();
        }}
      />
      <MovementDialog
        opened={movement.opened}
        kind={movement.kind}
        account={movement.account}
        onClose={closeMovement}
        onDone={() => {
          closeMovement();
          afterOperation();
        }}
      />
    </Stack>
  );
}
