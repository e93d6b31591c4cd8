import type { Address } from '@prestaya/contracts';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { AddressForm } from './AddressForm.tsx';

export interface AddressDialogProps {
  opened: boolean;
  customerId: string;
  /** The address to edit; null to register a new one. */
  address: Address | null;
  onClose: () => void;
}

/** 'Registrar Dirección' / 'Editar Dirección': on save the customer is reloaded and the dialog closes. */
export function AddressDialog({ opened, customerId, address, onClose }: AddressDialogProps) {
  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={address ? 'Editar Dirección' : 'Registrar Dirección'}
      size="lg"
    >
      <AddressForm
        key={address?.id ?? 'new'}
        customerId={customerId}
        address={address ?? undefined}
        onCancel={onClose}
        onSaved={onClose}
      />
    </EntityDialog>
  );
}
