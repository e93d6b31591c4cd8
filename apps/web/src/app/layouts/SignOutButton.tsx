import { Box, Button, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../../components/ConfirmModal.tsx';
import { endServerSession } from '../../features/auth/api/logout.ts';
import { notify } from '../../lib/notify.ts';
import { eraseOfflineData } from '../../lib/offline-db.ts';
import { paymentQueue } from '../../lib/offline-queue.ts';
import { screenPaths } from '../../lib/paths.ts';
import { session } from '../../lib/session.ts';
import { useQueuedPayments } from '../../lib/use-offline-queue.ts';
import { useQueuedVisits } from '../../lib/use-visit-queue.ts';
import { visitQueue } from '../../lib/visit-queue.ts';

export const unsentText = (count: number) =>
  count === 1
    ? 'Hay 1 cobro sin enviar en este teléfono. Si cierra la sesión se borrará y tendrá que registrarlo de nuevo.'
    : `Hay ${count} cobros sin enviar en este teléfono. Si cierra la sesión se borrarán y tendrá que registrarlos de nuevo.`;

export const unsentVisitsText = (count: number) =>
  count === 1
    ? 'Hay 1 visita sin enviar en este teléfono; si cierra la sesión se borrará.'
    : `Hay ${count} visitas sin enviar en este teléfono; si cierra la sesión se borrarán.`;

/**
 * 'Cerrar Sesión': ends the session on the server (best effort: offline, the device signs out all the
 * same) and on this device, and erases the field app's data on this device (the cached
 * Cobranza lists and the queued payments). With payments not yet accepted by the server it asks first.
 */
export function SignOutButton({ userId }: { userId: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [unsent, setUnsent] = useState(0);
  const [unsentVisits, setUnsentVisits] = useState(0);

  const signOut = () => {
    setUnsent(0);
    const token = session.token();
    if (token) void endServerSession(token);
    setUnsentVisits(0);
    notify.clear();
    notify.info('Sesión finalizada');
    session.clear();
    queryClient.removeQueries();
    void eraseOfflineData()
      .catch(() => undefined)
      .then(() => {
        paymentQueue.changed();
        visitQueue.changed();
      });
    navigate(screenPaths.login, { replace: true });
  };

  // Known before the tap (kept current as the queue changes), so signing out stays one tap.
  const queued = useQueuedPayments(userId);
  const pendingVisits = useQueuedVisits(userId).filter((visit) => visit.state === 'pending').length;
  const ask = () => {
    if (queued.length === 0 && pendingVisits === 0) return signOut();
    setUnsent(queued.length);
    setUnsentVisits(pendingVisits);
  };
  const close = () => {
    setUnsent(0);
    setUnsentVisits(0);
  };

  return (
    <>
      {/* On a phone only the icon fits beside the brand; the name stays for screen readers. */}
      <Button variant="default" size="xs" px={{ base: 8, xs: 'sm' }} onClick={ask} aria-label="Cerrar Sesión">
        <IconLogout size={16} aria-hidden />
        <Box component="span" visibleFrom="xs" ml={6}>
          Cerrar Sesión
        </Box>
      </Button>
      <ConfirmModal
        opened={unsent > 0 || unsentVisits > 0}
        title="¿Cerrar sesión?"
        onClose={close}
        onConfirm={signOut}
        confirmLabel="Cerrar sesión y borrar"
        cancelLabel="Seguir en la sesión"
        confirmColor="red"
      >
        {unsent > 0 && <Text size="sm">{unsentText(unsent)}</Text>}
        {unsentVisits > 0 && <Text size="sm">{unsentVisitsText(unsentVisits)}</Text>}
        <Text size="sm" c="dimmed">
          Con señal se envían solos en unos segundos.
        </Text>
      </ConfirmModal>
    </>
  );
}
