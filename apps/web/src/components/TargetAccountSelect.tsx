import { Select } from '@mantine/core';
import type { BankAccount } from '@prestaya/contracts';
import { type ReactNode, useState } from 'react';
import { formatMoney } from '../lib/format.ts';

/**
 * The required 'Cuenta destino' of a confirmation: every account with its available balance, the
 * list's own loading and error states, and `error` once the user tried to go on without one.
 */
export function TargetAccountSelect({
  accounts,
  value,
  onChange,
  error,
}: {
  accounts: { data: BankAccount[] | undefined; isPending: boolean; isError: boolean };
  value: string | null;
  onChange: (accountId: string | null) => void;
  error?: ReactNode;
}) {
  return (
    <Select
      label="Cuenta destino"
      placeholder={accounts.isPending ? 'Cargando cuentas…' : 'Seleccione una cuenta'}
      data={(accounts.data ?? []).map((account) => ({
        value: account.id,
        label: `${account.name} — Saldo ${formatMoney(account.balance)}`,
      }))}
      value={value}
      onChange={onChange}
      withAsterisk
      required
      error={accounts.isError ? 'No se pudo cargar la lista de cuentas' : error}
      nothingFoundMessage="No hay cuentas registradas"
      comboboxProps={{ withinPortal: true }}
      data-autofocus
    />
  );
}

/**
 * The chosen 'Cuenta destino' of a confirmation and whether the user tried to go on without one:
 * `take()` gives the account, or marks it missing (until one is chosen) and gives null.
 */
export function useTargetAccount() {
  const [accountId, setAccountId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  return {
    missing,
    take: () => {
      if (!accountId) setMissing(true);
      return accountId;
    },
    /** `value` and `onChange` of TargetAccountSelect. */
    field: {
      value: accountId,
      onChange: (value: string | null) => {
        setAccountId(value);
        if (value) setMissing(false);
      },
    },
  };
}
