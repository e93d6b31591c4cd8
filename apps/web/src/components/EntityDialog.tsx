import { Modal, type ModalProps } from '@mantine/core';
import type { ReactNode } from 'react';

export interface EntityDialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Mantine's modal width; forms with two columns want 'lg' or 'xl'. */
  size?: ModalProps['size'];
  /** A long record reads better on the whole screen of a phone. */
  fullScreen?: boolean;
  children?: ReactNode;
}

/** Every dialog of the back office: centred, titled, and its close control named 'Cerrar'. */
export function EntityDialog({ opened, onClose, title, size, fullScreen, children }: EntityDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      size={size}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {children}
    </Modal>
  );
}
