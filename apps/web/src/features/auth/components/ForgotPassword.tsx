import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { EntityDialog } from '../../../components/EntityDialog.tsx';

export const FORGOT_PASSWORD_HELP =
  'PrestaYa no envía correos. Pide a un administrador un enlace de restablecimiento: lo genera desde ' +
  'Usuarios y te lo hace llegar. Al abrirlo podrás elegir una nueva contraseña; el enlace vence a las 24 horas ' +
  'y sirve una sola vez.';

/** The sign-in page's '¿Olvidaste tu contraseña?': there is no e-mail, an administrator sends a reset link. */
export function ForgotPassword() {
  const [opened, dialog] = useDisclosure(false);
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={dialog.open}>
        ¿Olvidaste tu contraseña?
      </Anchor>
      <EntityDialog opened={opened} onClose={dialog.close} title="¿Olvidaste tu contraseña?">
        <Stack gap="md">
          <Text size="sm">{FORGOT_PASSWORD_HELP}</Text>
          <Group justify="flex-end">
            <Button onClick={dialog.close}>Entendido</Button>
          </Group>
        </Stack>
      </EntityDialog>
    </>
  );
}
