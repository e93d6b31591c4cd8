import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { EntityDialog } from './EntityDialog.tsx';

export interface ConfirmModalProps {
  opened: boolean;
  title: string;
  children?: ReactNode;
  onClose: () => void;
  onConfirm?: () => void;
  confirmLabel?: string;
  cancelLabel?: string;
  /** docs/product.md §2 "Generic modal": either button can be hidden. */
  hideConfirm?: boolean;
  hideCancel?: boolean;
  confirmColor?: string;
  confirmDisabled?: boolean;
  loading?: boolean;
}

/** Generic modal: title, close control, Cancelar and Aceptar. */
export function ConfirmModal({
  opened,
  title,
  children,
  onClose,
  onConfirm,
  confirmLabel = 'Aceptar',
  cancelLabel = 'Cancelar',
  hideConfirm = false,
  hideCancel = false,
  confirmColor,
  confirmDisabled = false,
  loading = false,
}: ConfirmModalProps) {
  return (
    <EntityDialog opened={opened} onClose={onClose} title={title}>
      <Stack>
        {children}
        {(!hideCancel || !hideConfirm) && (
          <Group justify="flex-end" mt="sm">
            {!hideCancel && (
              <Button variant="default" onClick={onClose}>
                {cancelLabel}
              </Button>
            )}
            {!hideConfirm && (
              <Button color={confirmColor} onClick={onConfirm} disabled={confirmDisabled} loading={loading}>
                {confirmLabel}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </EntityDialog>
  );
}

export interface ConfirmDeleteProps {
  title: string;
  /** What goes, as the sentence names it; null keeps the modal closed. */
  what: ReactNode | null;
  onClose: () => void;
  onConfirm: () => void;
  loading?: boolean;
}

/** '¿Eliminar …?': what goes, that it cannot be undone, and a red 'Eliminar'. */
export function ConfirmDelete({ title, what, onClose, onConfirm, loading = false }: ConfirmDeleteProps) {
  return (
    <ConfirmModal
      opened={what !== null}
      title={title}
      onClose={onClose}
      onConfirm={onConfirm}
      confirmLabel="Eliminar"
      confirmColor="red"
      loading={loading}
    >
      {what !== null && <Text size="sm">Se eliminará {what}. Esta acción no se puede deshacer.</Text>}
    </ConfirmModal>
  );
}
