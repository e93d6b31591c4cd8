import { Alert, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import type { PinBurst, PinLock } from '@prestaya/contracts';
import { IconShieldExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { businessDateTimeParts } from '../../../lib/format.ts';
import { usePinLocks } from '../api/get-pin-locks.ts';
import { UNLOCK_PIN_LABEL, UnlockPinDialog } from './UnlockPinDialog.tsx';

/** What happened and when: the burst's figures on the business clock. */
export function pinBurstText(burst: PinBurst): string {
  const since = businessDateTimeParts(burst.since);
  const at = businessDateTimeParts(burst.at);
  const addresses = burst.addresses === 1 ? '1 dirección' : `${burst.addresses} direcciones`;
  const loans = burst.loans === 1 ? '1 préstamo' : `${burst.loans} préstamos`;
  return (
    `${burst.failedAttempts} PIN incorrectos desde ${addresses} en ${loans}, del ${since.date} ` +
    `${since.time} al ${at.date} ${at.time}. No se bloqueó al usuario; si no fue él, cambie su PIN.`
  );
}

/** The notice's text. */
export function pinBurstNotice(lock: PinLock & { burst: PinBurst }): string {
  return `Usuario ${lock.num} (${lock.name} ${lock.lastName}): ${pinBurstText(lock.burst)}`;
}

export const PIN_BURST_LABEL = 'Intentos de PIN';

/** The badge of a user of Usuarios with a burst reported in the last day; the text on hover, focus or touch. */
export function PinBurstBadge({ burst }: { burst: PinBurst }) {
  const text = pinBurstText(burst);
  return (
    <Tooltip label={text} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
      <Badge
        color="orange"
        variant="light"
        tabIndex={0}
        aria-label={`${PIN_BURST_LABEL}: ${text}`}
        leftSection={<IconShieldExclamation size={12} aria-hidden />}
      >
        {PIN_BURST_LABEL}
      </Badge>
    </Tooltip>
  );
}

/**
 * Administrators' notice (Dashboard and Usuarios): a burst of wrong PINs against one user number (20
 * within an hour, from any addresses) — someone may be guessing it. The agent is never locked for it
 * (an outsider could otherwise stop honest agents); 'Desbloquear PIN' forgets the counts and ends the
 * report. Locks of one loan or one address are a typo streak and stay out of the notice; Usuarios
 * offers their unlock in the row's menu.
 */
export function PinLockNotices() {
  const locks = usePinLocks();
  const [target, setTarget] = useState<PinLock | null>(null);
  const bursts = (locks.data ?? []).filter((lock): lock is PinLock & { burst: PinBurst } => !!lock.burst);
  if (bursts.length === 0) return null;
  return (
    <Stack gap="xs">
      {bursts.map((lock) => (
        <Alert
          key={lock.userId}
          color="orange"
          variant="light"
          title="Intentos de PIN sospechosos"
          icon={<IconShieldExclamation size={18} aria-hidden />}
        >
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 20rem' }}>
              {pinBurstNotice(lock)}
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
