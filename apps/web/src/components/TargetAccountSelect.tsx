import type { ReactNode } from 'react';
import { useState } from 'react';
import { AccountSelect } from './AccountSelect.tsx';

/** docs/product.md §7/§9: the confirmation's accounts come a page of 30 at a time. */
export const TARGET_ACCOUNTS_PAGE_SIZE = 30;

/**
 * The required 'Cuenta destino' of a confirmation: the first 30 accounts with their available
 * balance, any other found by typing, and `error` once the user tried to go on without one.
 */
export function TargetAccountSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (accountId: string | null) => void;
  error?: ReactNode;
}) {
  return (
    <AccountSelect
      label="Cuenta destino"
      pageSize={TARGET_ACCOUNTS_PAGE_SIZE}
      value={value}
      onChange={onChange}
      withAsterisk
      required
      error={error}
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
