import { Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { Loan } from '@prestaya/contracts';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { EntityHistory } from '../../../components/EntityHistory.tsx';
import { LoanCatLine } from './LoanCatLine.tsx';
import { LoanFines } from './LoanFines.tsx';
import { LoanPayments } from './LoanPayments.tsx';
import { LoanSummary } from './LoanSummary.tsx';
import { PaymentForm } from './PaymentForm.tsx';
import { ScheduleTable } from './ScheduleTable.tsx';
import { WriteOffNotice } from './WriteOffNotice.tsx';

export type LoanInfoKind = 'payments' | 'fines' | 'pay' | 'schedule' | 'history';

export const LOAN_INFO_TITLES: Record<LoanInfoKind, string> = {
  payments: 'Lista de Pagos',
  fines: 'Multas',
  pay: 'Registro de Pago',
  schedule: 'Calendario de Pagos',
  history: 'Historial',
};

function Content({ kind, loan, onClose }: { kind: LoanInfoKind; loan: Loan; onClose: () => void }) {
  switch (kind) {
    case 'payments':
      return <LoanPayments loan={loan} />;
    case 'fines':
      return <LoanFines loan={loan} />;
    case 'pay':
      return <PaymentForm loan={loan} onDone={onClose} />;
    case 'schedule':
      return <ScheduleTable loanId={loan.id} />;
    case 'history':
      // The loan's own rows and its fees' (the dialog is titled 'Historial').
      return <EntityHistory entity="loan" entityId={loan.id} bare />;
  }
}

export interface LoanInfoDialogProps {
  kind: LoanInfoKind;
  /** The loan shown (kept while the dialog closes, so its content does not vanish). */
  loan: Loan | null;
  opened: boolean;
  onClose: () => void;
}

/** The dialogs of a customer's loan row: Lista de Pagos, Multas, Registro de Pago, Calendario. */
export function LoanInfoDialog({ kind, loan, opened, onClose }: LoanInfoDialogProps) {
  // Every one of these tables needs the whole width of a phone.
  const phone = useMediaQuery('(max-width: 35.99em)');
  return (
    <EntityDialog
      opened={opened && loan !== null}
      onClose={onClose}
      title={LOAN_INFO_TITLES[kind]}
      size="lg"
      fullScreen={phone}
    >
      {loan && (
        <Stack gap="md">
          <LoanSummary loan={loan} withTotals={kind === 'schedule' || kind === 'pay'} />
          {kind === 'schedule' && <LoanCatLine loanId={loan.id} />}
          <WriteOffNotice loan={loan} />
          <Content kind={kind} loan={loan} onClose={onClose} />
        </Stack>
      )}
    </EntityDialog>
  );
}
