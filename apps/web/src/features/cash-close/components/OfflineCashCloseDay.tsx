import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CashClose } from '@prestaya/contracts';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { OfflineBanner } from '../../../components/OfflineNotice.tsx';
import { businessTimeZone, formatShortTime } from '../../../lib/format.ts';
import { useQueuedPayments } from '../../../lib/use-offline-queue.ts';
import { withQueuedPayments } from '../offline-day.ts';
import { CashCloseDay } from './CashCloseDay.tsx';

export const QUEUED_LABEL = 'Pendiente de enviar';

/**
 * The agent's day without signal: the server's day as last loaded (dated by the banner) with the cash
 * taken since on this phone added to 'Efectivo a entregar', and those payments listed apart, each
 * marked 'Pendiente de enviar'.
 */
export function OfflineCashCloseDay({
  day,
  savedAt,
  agentId,
}: {
  day: CashClose;
  savedAt: number;
  agentId: string;
}) {
  const entries = useQueuedPayments(agentId);
  const merged = withQueuedPayments(day, entries, businessTimeZone());
  return (
    <Stack gap="md">
      <OfflineBanner savedAt={savedAt} />
      <CashCloseDay day={{ ...day, totals: merged.totals }} admin={false} />
      {merged.queued.length > 0 && (
        <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
          <Group justify="space-between" mb="xs" gap="xs">
            <Title order={2} size="h4">
              En este teléfono
            </Title>
            <Text size="sm" fw={600} data-testid="queued-total">
              <MoneyText value={merged.queuedTotal} />
            </Text>
          </Group>
          <Text size="sm" c="dimmed" mb="xs">
            Ya sumados al efectivo a entregar; el servidor los registra al volver la señal.
          </Text>
          <LinesTable
            aria-label="Cobros pendientes de enviar"
            rows={merged.queued}
            rowKey={(line) => line.key}
            columns={[
              { header: 'Hora', wide: true, nowrap: true, cell: (line) => formatShortTime(line.createdAt) },
              {
                header: 'Préstamo',
                // On a phone the time folds under the loan, so the table fits 360 px.
                cell: (line) => (
                  <Stack gap={4} align="flex-start">
                    <FoldedCell folded={formatShortTime(line.createdAt)}>
                      <span style={{ overflowWrap: 'anywhere' }}>
                        No. {line.loanNum} · {line.customerName}
                      </span>
                    </FoldedCell>
                    <Badge color="yellow" variant="light" size="sm">
                      {QUEUED_LABEL}
                    </Badge>
                  </Stack>
                ),
              },
              {
                header: 'Monto',
                align: 'right',
                nowrap: true,
                cell: (line) => <MoneyText value={line.amount} />,
              },
            ]}
          />
        </Paper>
      )}
    </Stack>
  );
}
