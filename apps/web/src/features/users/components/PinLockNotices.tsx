import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PinLock } from '@prestaya/contracts';
import { IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { dayjs } from '../../../lib/format.ts';
import { usePinLocks } from '../api/get-pin-locks.ts';
import { UNLOCK_PIN_LABEL, UnlockPinDialog } from './UnlockPinDialog.tsx';

const MINUTE = 60_000;

/** The notice's text. The time is rounded up to the minute, as the server's lock message is. */
export function pinLockNotice(lock: PinLock): string {
  const opens = dayjs(Math.ceil(Date.parse(lock.lockedUntil) / MINUTE) * MINUTE).format('HH:mm');
  return (
    `El PIN del usuario ${lock.num} (${lock.name} ${lock.lastName}) fue bloqueado por demasiados ` +
    `intentos fallidos desde varias direcciones; se desbloqueará solo a las ${opens}.`
  );
}

/**
 * Administrators' notice (Dashboard and Usuarios): a user number locked for every address after 20
 * wrong PINs in an hour — someone may be guessing it — with 'Desbloquear PIN'. Locks of one address
 * (5 wrong PINs there) are a typo streak and stay out of the notice; Usuarios offers their unlock in
 * the row's menu.
 */
export function PinLockNotices() {
  const locks = usePinLocks();
  const [target, setTarget] = useState<PinLock | null>(null);
  const everywhere = (locks.data ?? []).filter((lock) => lock.everywhere);
  if (everywhere.length === 0) return null;
  return (
    <Stack gap="xs">
      {everywhere.map((lock) => (
        <Alert
          key={lock.userId}
          color="orange"
          variant="light"
          title="PIN bloqueado"
          icon={<IconLock size={18} aria-hidden />}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 20rem' }}>
              {pinLockNotice(lock)}
            </Text>
            <Button
              size="xs"
              variant="light"
              color="orange"
              onClick={() => setTarget(lock)}
              aria-label={`${UNLOCK_PIN_LABEL} del usuario ${lock.num}`}
            >
              {UNLOCK_PIN_LABEL}
            </Button>
          </Group>
        </Alert>
      ))}
      <UnlockPinDialog target={target} onClose={() => setTarget(null)} />
    </Stack>
  );
}
