import { Modal, type ModalProps } from '@mantine/core';
import { createContext, type ReactNode, type RefObject, useRef } from 'react';

/** Runs `close` now, or after the user agrees to discard unsaved changes (UnsavedChanges.tsx). */
export type CloseGuard = (close: () => void) => void;

/** The slot where a form inside the dialog puts its guard, so the close control, Escape and a click
 * outside ask before discarding its changes. */
export const DialogCloseGuard = createContext<RefObject<CloseGuard | null> | null>(null);

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
  const guard = useRef<CloseGuard | null>(null);
  const close = () => (guard.current ? guard.current(onClose) : onClose());
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={title}
      centered
      size={size}
      fullScreen={fullScreen}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      <DialogCloseGuard.Provider value={guard}>{children}</DialogCloseGuard.Provider>
    </Modal>
  );
}
