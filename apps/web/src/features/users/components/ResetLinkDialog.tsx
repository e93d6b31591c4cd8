import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PasswordResetLink, User } from '@prestaya/contracts';
import { IconCheck, IconCopy, IconInfoCircle, IconKey } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { ExtraButton } from '../../../components/CatalogTable/index.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { fullName } from '../../../lib/session.ts';
import { useCreateResetLink } from '../api/create-reset-link.ts';

export const RESET_LINK_LABEL = 'Generar enlace de restablecimiento';
export const RESET_LINK_TITLE = 'Enlace de restablecimiento';
export const SHOWN_ONCE =
  'Copia el enlace y házselo llegar al usuario: solo se muestra ahora y no se podrá volver a consultar. ' +
  'Si se pierde, genera otro.';

/** The link as the user opens it: the server gives its path, this site gives the rest. */
const fullLink = (link: PasswordResetLink) => new URL(link.path, window.location.origin).href;

/** The generated link, shown once: the full address, a copy button and when it stops working. */
function GeneratedLink({ link, onClose }: { link: PasswordResetLink; onClose: () => void }) {
  const address = fullLink(link);
  return (
    <Stack>
      <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
        {SHOWN_ONCE}
      </Alert>
      <TextInput
        label="Enlace"
        value={address}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'monospace' } }}
      />
      <Text size="sm">
        Vence el {formatDateTime(link.expiresOn)} y sirve una sola vez. Al usarlo se cierran todas las
        sesiones del usuario.
      </Text>
      <Group justify="flex-end" gap="sm">
        <CopyButton value={address} timeout={3000}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? 'Enlace copiado' : 'Copiar enlace'}
            </Button>
          )}
        </CopyButton>
        <Button onClick={onClose}>Listo</Button>
      </Group>
    </Stack>
  );
}

/**
 * 'Generar enlace de restablecimiento' for one user: a confirmation, then the link in a dialog of its
 * own. Closing that dialog forgets the link (the server cannot show it again).
 */
export function ResetLinkDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const create = useCreateResetLink();
  const [link, setLink] = useState<PasswordResetLink | null>(null);
  const confirm = () => {
    if (!user || create.isPending) return;
    create.mutate(user.id, {
      onSuccess: (created) => {
        setLink(created);
        onClose();
      },
      onError: (error) => notify.apiError(error, 'No se pudo generar el enlace'),
    });
  };
  const forget = () => {
    setLink(null);
    create.reset();
  };

  return (
    <>
      <ConfirmModal
        opened={user !== null}
        title={RESET_LINK_LABEL}
        onClose={onClose}
        onConfirm={confirm}
        confirmLabel="Generar enlace"
        loading={create.isPending}
      >
        {user && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Se generará un enlace de un solo uso, válido por 24 horas, para que{' '}
            <strong>{fullName(user)}</strong> ({user.username}) asigne una nueva contraseña. Los enlaces
            anteriores sin usar de este usuario dejarán de funcionar; su contraseña actual sigue sirviendo
            hasta que use el enlace.
          </Text>
        )}
      </ConfirmModal>
      <EntityDialog opened={link !== null} onClose={forget} title={RESET_LINK_TITLE}>
        {link && <GeneratedLink link={link} onClose={forget} />}
      </EntityDialog>
    </>
  );
}

/** The row action of Usuarios (not for cancelled users: they cannot sign in) and its dialogs. */
export function useResetLinkAction(): { button: ExtraButton<User>; dialog: ReactNode } {
  const [target, setTarget] = useState<User | null>(null);
  const button = useMemo<ExtraButton<User>>(
    () => ({
      label: RESET_LINK_LABEL,
      icon: <IconKey size={16} aria-hidden />,
      onClick: setTarget,
      condition: (user) => user.status !== 'CANCELLED',
    }),
    [],
  );
  return { button, dialog: <ResetLinkDialog user={target} onClose={() => setTarget(null)} /> };
}
