import { Text } from '@mantine/core';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { useActivateLoan } from '../api/activate-loan.ts';
import { customerName } from '../labels.ts';
import type { LoanActionDialogProps } from './ApproveDialog.tsx';
import { LoanSummary, SummaryItem } from './LoanSummary.tsx';

export const DELIVER_TITLE = 'Confirmar Entrega de Efectivo';

/** 'Confirmar Entrega de Efectivo': amount, customer and account; 'Entregar' activates the loan. */
export function DeliverDialog({ loan, opened, onClose, onDone }: LoanActionDialogProps) {
  const activate = useActivateLoan();
  const confirm = () => {
    if (!loan || activate.isPending) return;
    activate.mutate(
      loan.id,
      toastOutcome('El préstamo fue entregado y está activo', 'No se pudo entregar el préstamo', {
        onSuccess: onDone,
      }),
    );
  };

  return (
    <ConfirmModal
      opened={opened && loan !== null}
      title={DELIVER_TITLE}
      onClose={onClose}
      onConfirm={confirm}
      confirmLabel="Entregar"
      loading={activate.isPending}
    >
      {loan && (
        <>
          <LoanSummary loan={loan} withTotals={false}>
            <SummaryItem label="Cuenta">
              {loan.bankAccount?.name ??
                (loan.loanFromPast ? 'Ninguna (préstamo ya iniciado)' : 'Sin cuenta')}
            </SummaryItem>
          </LoanSummary>
          <Text size="sm">
            {loan.loanFromPast ? (
              <>
                El préstamo ya fue entregado antes de registrarse: no sale dinero de las cuentas y su
                calendario parte de la fecha de solicitud.
              </>
            ) : (
              <>
                Confirme que entregó <MoneyText value={loan.amount} fw={700} /> en efectivo a{' '}
                <strong>{customerName(loan.customer)}</strong>. Se generará el calendario de 12 pagos
                semanales.
              </>
            )}
          </Text>
        </>
      )}
    </ConfirmModal>
  );
}
