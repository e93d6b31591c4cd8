import { Alert, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Loan } from '@prestaya/contracts';
import { IconAlertTriangle, IconCashOff, IconInfoCircle } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { LoanSummary } from './LoanSummary.tsx';
import { ScheduleTable } from './ScheduleTable.tsx';

export type LoanInfoKind = 'payments' | 'fines' | 'pay' | 'schedule';

export const LOAN_INFO_TITLES: Record<LoanInfoKind, string> = {
  payments: 'Lista de Pagos',
  fines: 'Multas',
  pay: 'Registro de Pago',
  schedule: 'Calendario de Pagos',
};

export const NO_PAYMENTS_TEXT = 'Aún no hay pagos registrados';
export const NO_FINES_TEXT = 'Sin multas';
export const PAY_SOON_TEXT =
  'El registro de pagos estará disponible próximamente. Mientras tanto, estos son los pagos pendientes del préstamo.';

function Empty({ icon: Icon, children }: { icon: ComponentType<{ size?: number }>; children: ReactNode }) {
  return (
    <Stack align="center" gap="xs" py="lg">
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        <Icon size={24} />
      </ThemeIcon>
      <Text size="sm" c="dimmed" ta="center">
        {children}
      </Text>
    </Stack>
  );
}

function Content({ kind, loan }: { kind: LoanInfoKind; loan: Loan }) {
  switch (kind) {
    case 'payments':
      // Payments arrive with the payments module; until then a loan has none.
      return <Empty icon={IconCashOff}>{NO_PAYMENTS_TEXT}</Empty>;
    case 'fines':
      return <Empty icon={IconAlertTriangle}>{NO_FINES_TEXT}</Empty>;
    case 'pay':
      return (
        <Stack gap="sm">
          <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Text size="sm">{PAY_SOON_TEXT}</Text>
          </Alert>
          <ScheduleTable loanId={loan.id} onlyPending label="Pagos pendientes" />
        </Stack>
      );
    case 'schedule':
      return <ScheduleTable loanId={loan.id} />;
  }
}

export interface LoanInfoDialogProps {
  kind: LoanInfoKind;
  /** The loan shown (kept while the dialog closes, so its content does not vanish). */
  loan: Loan | null;
  opened: boolean;
  onClose: () => void;
}

/** The read-only dialogs of a customer's loan row: Lista de Pagos, Multas, Registro de Pago, Calendario. */
export function LoanInfoDialog({ kind, loan, opened, onClose }: LoanInfoDialogProps) {
  // The schedule needs the whole width of a phone.
  const phone = useMediaQuery('(max-width: 35.99em)');
  const wide = kind === 'schedule' || kind === 'pay';
  return (
    <Modal
      opened={opened && loan !== null}
      onClose={onClose}
      title={LOAN_INFO_TITLES[kind]}
      centered
      size={wide ? 'lg' : 'md'}
      fullScreen={wide && phone}
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {loan && (
        <Stack gap="md">
          <LoanSummary loan={loan} withTotals={kind === 'schedule' || kind === 'pay'} />
          <Content kind={kind} loan={loan} />
        </Stack>
      )}
    </Modal>
  );
}
