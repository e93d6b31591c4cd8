import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatCents } from '@prestaya/contracts';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { dayjs } from '../../../lib/format.ts';
import type { PendingPayment } from '../../../lib/offline-queue.ts';

export const PENDING_LABEL = 'Pendiente de enviar';

/**
 * A payment of this loan kept on the phone: 'Pendiente de enviar' until the server takes it, or the
 * server's refusal with 'Descartar' (after a confirmation), so nothing leaves the screen unseen.
 */
export function QueuedNotice({ entry, onDiscard }: { entry: PendingPayment; onDiscard: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const taken = dayjs(entry.createdAt).format('HH:mm');
  if (entry.state === 'pending') {
    return (
      <Alert color="yellow" variant="light" icon={<IconCloudUpload size={18} aria-hidden />} p="xs">
        <Text size="sm" fw={600}>
          {PENDING_LABEL}
        </Text>
        <Text size="sm">
          Cobro de {formatCents(entry.amountCents)} tomado a las {taken}; se enviará solo al volver la señal.
        </Text>
      </Alert>
    );
  }
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      p="xs"
      role="alert"
      title="El servidor rechazó el cobro"
    >
      <Stack gap={6}>
        <Text size="sm">
          Cobro de {formatCents(entry.amountCents)} tomado a las {taken}: {entry.error}
        </Text>
        <Group justify="flex-end">
          <Button size="xs" variant="white" color="red" onClick={() => setConfirming(true)}>
            Descartar
          </Button>
        </Group>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title="¿Descartar el cobro rechazado?"
        onClose={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          onDiscard();
        }}
        confirmLabel="Descartar"
        confirmColor="red"
      >
        <Text size="sm">
          El servidor no registró este cobro de {formatCents(entry.amountCents)}. Si recibió el efectivo,
          vuelva a cobrar con lo que la tarjeta indica ahora.
        </Text>
      </ConfirmModal>
    </Alert>
  );
}

/** A queued payment whose loan has no card in the list any more (nothing left due on this tab). */
export function OrphanQueuedPayment({ entry, onDiscard }: { entry: PendingPayment; onDiscard: () => void }) {
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="article"
      aria-label={`${entry.customerName}, préstamo ${entry.loanNum}`}
    >
      <Stack gap="xs">
        <div>
          <Title order={3} size="h5">
            {entry.customerName}
          </Title>
          <Text size="xs" c="dimmed">
            Préstamo No. {entry.loanNum}
          </Text>
        </div>
        <QueuedNotice entry={entry} onDiscard={onDiscard} />
      </Stack>
    </Paper>
  );
}
