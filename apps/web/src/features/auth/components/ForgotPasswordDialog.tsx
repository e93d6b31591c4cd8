import { Button, Group, Stack, Text } from '@mantine/core';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { FORGOT_PASSWORD_HELP } from './forgot-password-help.ts';

export interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** What to do without e-mail: a lazy chunk, so the sign-in page does not download a modal it may never open. */
export default function ForgotPasswordDialog({ opened, onClose }: ForgotPasswordDialogProps) {
  return (
    <EntityDialog opened={opened} onClose={onClose} title="¿Olvidaste tu contraseña?">
      <Stack gap="md">
        <Text size="sm">{FORGOT_PASSWORD_HELP}</Text>
        <Group justify="flex-end">
          <Button onClick={onClose}>Entendido</Button>
        </Group>
      </Stack>
    </EntityDialog>
  );
}
