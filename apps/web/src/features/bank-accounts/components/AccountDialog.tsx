import { Modal } from '@mantine/core';
import { AccountForm } from './AccountForm.tsx';

export interface AccountDialogProps {
  opened: boolean;
  onClose: () => void;
  onSaved: () => void;
}

/** 'Registrar Cuenta': creates a bank or cash account (spec 2 "BankAccountList"). */
export function AccountDialog({ opened, onClose, onSaved }: AccountDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Registrar Cuenta"
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <AccountForm onCancel={onClose} onSaved={onSaved} />
    </Modal>
  );
}
