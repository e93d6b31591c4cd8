import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { AccountForm } from './AccountForm.tsx';

export interface AccountDialogProps {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Registrar Cuenta': creates a bank or cash account (docs/product.md §2 "BankAccountList"). */
export function AccountDialog({ opened, onClose, onSaved }: AccountDialogProps) {
  return (
    <EntityDialog opened={opened} onClose={onClose} title="Registrar Cuenta" size="lg">
      <AccountForm onCancel={onClose} onSaved={onSaved} />
    </EntityDialog>
  );
}
