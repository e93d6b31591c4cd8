import { Modal } from '@mantine/core';
import type { Customer } from '@prestaya/contracts';
import { CustomerForm } from './CustomerForm.tsx';

export interface CustomerDialogProps {
  opened: boolean;
  onClose: () => void;
  onCreated?: (customer: Customer) => void;
}

/** 'Registrar Nuevo Cliente': the personal-info form in a modal (spec 2 "Customers list"). */
export function CustomerDialog({ opened, onClose, onCreated }: CustomerDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Registrar Nuevo Cliente"
      centered
      size="xl"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <CustomerForm
        onCancel={onClose}
        onSaved={(customer) => {
          onCreated?.(customer);
          onClose();
        }}
      />
    </Modal>
  );
}
