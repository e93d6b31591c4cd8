import { Text } from '@mantine/core';
import type { User } from '@prestaya/contracts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { fullName, useSession } from '../../../lib/session.ts';
import { useRevokeSessions } from '../api/revoke-sessions.ts';

export const REVOKE_SESSIONS_LABEL = 'Cerrar sesiones';

export interface RevokeSessionsDialogProps {
  /** The user whose sessions end; null keeps the dialog closed. */
  user: User | null;
  onClose: () => void;
}

/** Confirmation of 'Cerrar sesiones': every device of the user must sign in again. */
export function RevokeSessionsDialog({ user, onClose }: RevokeSessionsDialogProps) {
  const revoke = useRevokeSessions();
  const self = useSession()?.user.id === user?.id;
  const confirm = () => {
    if (!user || revoke.isPending) return;
    revoke.mutate(
      user.id,
      toastOutcome(`Se cerraron las sesiones de ${fullName(user)}`, 'No se pudieron cerrar las sesiones', {
        onSuccess: onClose,
      }),
    );
  };

  return (
    <ConfirmModal
      opened={user !== null}
      title={REVOKE_SESSIONS_LABEL}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel={REVOKE_SESSIONS_LABEL}
      confirmColor="red"
      loading={revoke.isPending}
    >
      {user && (
        <Text size="sm">
          Se cerrarán todas las sesiones de <strong>{fullName(user)}</strong> ({user.username}) en todos sus
          dispositivos; tendrá que iniciar sesión de nuevo con su contraseña.
          {self && ' Esto incluye su sesión actual.'}
        </Text>
      )}
    </ConfirmModal>
  );
}
