import type { Customer } from '@prestaya/contracts';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { CustomerForm } from './CustomerForm.tsx';

export interface CustomerDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (customer: Customer) => void;
}

/** 'Registrar Nuevo Cliente': the personal-info form in a modal (docs/product.md §2 "Customers list"). */
export function CustomerDialog({ opened, onClose, onCreated }: CustomerDialogProps) {
  return (
    <EntityDialog opened={opened} onClose={onClose} title="Registrar Nuevo Cliente" size="xl">
      <CustomerForm
        onCancel={onClose}
        onSaved={(customer) => {
          onCreated?.(customer);
          onClose();
        }}
      />
    </EntityDialog>
  );
}
