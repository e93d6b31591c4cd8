import { Alert, Stack, Text } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { OfflineEmpty } from '../../../components/OfflineNotice.tsx';
import { QueryRecord } from '../../../components/QueryState.tsx';
import { formatDate } from '../../../lib/format.ts';
import { offlineCopyAt, offlineWithoutCopy, useOnline } from '../../../lib/offline-copy.ts';
import { useQueueCounts } from '../../../lib/use-offline-queue.ts';
import { useCashClose } from '../api/get-cash-close.ts';
import { CashCloseDay, CashCloseHeader, PrintCashCloseButton } from './CashCloseDay.tsx';
import { OfflineCashCloseDay } from './OfflineCashCloseDay.tsx';

export const DAY_NOT_ON_PHONE =
  'Sin conexión: el corte de hoy no está guardado en este teléfono. Se cargará al volver la señal.';

/**
 * What this phone still holds in the offline queue Cobranza fills: the payments taken without a
 * signal that the server has not received (so they are not in the corte yet), and those it refused.
 * Read from the device, so it shows without a signal too; updated as the queue sends or refuses.
 */
function UnsentNotice({ agentId }: { agentId: string }) {
  const counts = useQueueCounts(agentId);
  if (!counts) return null;
  const { pending, refused } = counts;
  return (
    <Alert
      color={pending > 0 || refused > 0 ? 'orange' : 'teal'}
      variant="light"
      icon={<IconCloudUpload size={18} aria-hidden />}
      // A notice that follows the queue, not an error: announced politely.
      role="status"
    >
      <Text fw={600} size="sm" data-testid="unsent-count">
        Pendientes de enviar: {pending}
      </Text>
      <Text size="sm">
        {pending > 0
          ? 'Siguen en este teléfono y entran al corte cuando se envíen al recuperar la señal.'
          : 'Todos los cobros de este teléfono ya se enviaron.'}
      </Text>
      {refused > 0 && (
        <Text size="sm" data-testid="refused-count">
          Rechazados al enviarse: {refused}. Revíselos en Cobranza.
        </Text>
      )}
    </Alert>
  );
}

/** The agent's own day: today's payments by time, the cash to hand in, what is still on the phone. */
export function AgentCashClose({ agentId }: { agentId: string }) {
  const day = useCashClose({});
  // Without signal: the day as last loaded plus what the phone still holds, or a plain word.
  const online = useOnline();
  const savedAt = offlineCopyAt(day, online);
  return (
    <Stack gap="md">
      <CashCloseHeader>{day.data && <PrintCashCloseButton day={day.data} />}</CashCloseHeader>
      <Text c="dimmed" size="sm">
        {day.data ? `Hoy, ${formatDate(day.data.date)}` : 'Hoy'}
      </Text>
      <UnsentNotice agentId={agentId} />
      {offlineWithoutCopy(day, online) ? (
        <OfflineEmpty>{DAY_NOT_ON_PHONE}</OfflineEmpty>
      ) : savedAt !== undefined && day.data ? (
        <OfflineCashCloseDay day={day.data} savedAt={savedAt} agentId={agentId} />
      ) : (
        <QueryRecord
          query={day}
          loadingLabel="Cargando corte de caja"
          errorText="No se pudo cargar el corte de caja."
        >
          {(loaded) => <CashCloseDay day={loaded} admin={false} />}
        </QueryRecord>
      )}
    </Stack>
  );
}
