import { Button, Group, Stack } from '@mantine/core';
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
  /** Spec "Generic modal": either button can be hidden. */
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
