import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { CashClose, CashClosePayment } from '@prestaya/contracts';
import { IconCashOff, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { EmptyState } from '../../../components/QueryState.tsx';
import { screenPaths } from '../../../lib/paths.ts';
import { openPrintTab } from '../../../lib/print.ts';
import { NO_PAYMENTS_TODAY, paymentsCount, SCREEN_TITLE } from '../labels.ts';
import { CashCloseFigures } from './CashCloseFigures.tsx';
import { CashCloseTable } from './CashCloseTable.tsx';
import { CashCountSummary } from './CashCountSummary.tsx';

/** The screen's title row: 'Corte de caja' and, once a day is loaded, its actions. */
export function CashCloseHeader({ children }: { children?: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="sm">
      <Title order={1} size="h2">
        {SCREEN_TITLE}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  );
}

/** 'Imprimir': the day's printable summary in a new tab. */
export function PrintCashCloseButton({ day }: { day: CashClose }) {
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} aria-hidden />}
      onClick={() => openPrintTab(screenPaths.printCashClose(day.agent.id, day.date))}
    >
      Imprimir
    </Button>
  );
}

/** One loaded day: its close when it has one, its totals, then its payments by time (or why there are none). */
export function CashCloseDay({
  day,
  admin,
  onReject,
}: {
  day: CashClose;
  admin: boolean;
  onReject?: (payment: CashClosePayment) => void;
}) {
  return (
    <Stack gap="md">
      {day.closure && <CashCountSummary closure={day.closure} />}
      <CashCloseFigures totals={day.totals} admin={admin} />
      <Paper withBorder radius="md" p={{ base: 'xs', sm: 'md' }}>
        <Group justify="space-between" mb="xs" gap="xs">
          <Title order={2} size="h4">
            Pagos del día
          </Title>
          <Text size="sm" c="dimmed">
            {paymentsCount(day.totals.count)}
          </Text>
        </Group>
        {day.payments.length === 0 ? (
          <EmptyState icon={<IconCashOff size={24} />}>{NO_PAYMENTS_TODAY}</EmptyState>
        ) : (
          <CashCloseTable payments={day.payments} onReject={onReject} />
        )}
      </Paper>
    </Stack>
  );
}
