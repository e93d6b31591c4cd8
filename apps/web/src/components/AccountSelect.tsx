import type { BankAccount } from '@prestaya/contracts';
import { bankAccountSearch } from '../lib/bank-accounts.ts';
import { formatMoney } from '../lib/format.ts';
import { StaffSelect, type StaffSelectProps } from './StaffSelect.tsx';

export const accountOptionLabel = (account: BankAccount) =>
  `${account.name} — Saldo ${formatMoney(account.balance)}`;

export type AccountSelectProps = Omit<
  StaffSelectProps<BankAccount>,
  'search' | 'optionLabel' | 'loadingPlaceholder' | 'loadError' | 'pageSize' | 'placeholder'
> & {
  /** The first page the screen loads (the specification's 20 or 30); typing searches every account. */
  pageSize: number;
};

/**
 * The one account picker ('Cuenta de retiro', 'Cuenta destino'): the first page of accounts with
 * their balance, and a server search as the user types, so an account past the first page (a lender
 * with many cash boxes) can still be chosen.
 */
export function AccountSelect({ pageSize, ...props }: AccountSelectProps) {
  return (
    <StaffSelect<BankAccount>
      {...props}
      search={bankAccountSearch(pageSize)}
      optionLabel={accountOptionLabel}
      pageSize={pageSize}
      // Dialogs focus the account first: the list opens on a click or a key, not over the dialog's buttons.
      openOnFocus={false}
      placeholder="Seleccione o escriba una cuenta"
      loadingPlaceholder="Cargando cuentas…"
      loadError="No se pudo cargar la lista de cuentas"
    />
  );
}
