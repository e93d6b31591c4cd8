import { Text } from '@mantine/core';
import type { User } from '@prestaya/contracts';
import { IconLockOpen } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import type { ExtraButton } from '../../../components/CatalogTable/index.ts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { usePinLocks } from '../api/get-pin-locks.ts';
import { useUnlockPin } from '../api/unlock-pin.ts';

/** Whose PIN to unlock: a row of Usuarios or a lock notice. */
export interface PinUnlockTarget {
  userId: string;
  num: number;
  name: string;
  lastName: string;
}

export const UNLOCK_PIN_LABEL = 'Desbloquear PIN';

/** 'Desbloquear PIN' confirmation: on Aceptar the server forgets every lock and wrong PIN of the user. */
export function UnlockPinDialog({
  target,
  onClose,
}: {
  target: PinUnlockTarget | null;
  onClose: () => void;
}) {
  const unlock = useUnlockPin();
  const confirm = () => {
    if (!target) return;
    unlock.mutate(
      target.userId,
      toastOutcome(
        (result: { wasLocked: boolean }) =>
          result.wasLocked ? 'PIN desbloqueado' : 'El PIN no estaba bloqueado',
        'No se pudo desbloquear el PIN',
        { onSuccess: onClose },
      ),
    );
  };
  return (
    <ConfirmModal
      opened={target !== null}
      title={UNLOCK_PIN_LABEL}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel="Desbloquear"
      loading={unlock.isPending}
    >
      {target && (
        <Text size="sm">
          ¿Desbloquear el PIN del usuario {target.num} ({target.name} {target.lastName})? Podrá autorizar
          pagos de inmediato en todos sus préstamos, se olvidan sus intentos fallidos desde todas las
          direcciones y termina el aviso de intentos sospechosos.
        </Text>
      )}
    </ConfirmModal>
  );
}

/** The row action of Usuarios, offered on the users with a PIN lock or a burst report, and its dialog. */
export function useUnlockPinAction(): { button: ExtraButton<User>; dialog: ReactNode } {
  const locks = usePinLocks();
  const [target, setTarget] = useState<PinUnlockTarget | null>(null);
  const button = useMemo<ExtraButton<User>>(() => {
    const locked = new Set(locks.data?.map((lock) => lock.userId));
    return {
      label: UNLOCK_PIN_LABEL,
      icon: <IconLockOpen size={16} aria-hidden />,
      condition: (user) => locked.has(user.id),
      onClick: (user) =>
        setTarget({ userId: user.id, num: user.num, name: user.name, lastName: user.lastName }),
    };
  }, [locks.data]);
  return { button, dialog: <UnlockPinDialog target={target} onClose={() => setTarget(null)} /> };
}
