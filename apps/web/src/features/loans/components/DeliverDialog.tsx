import { Text } from '@mantine/core';
import { type Loan, pesosToCents } from '@prestaya/contracts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { useActivateLoan } from '../api/activate-loan.ts';
import { usePayoffQuote } from '../api/payoff.ts';
import { customerName } from '../labels.ts';
import type { LoanActionDialogProps } from './ApproveDialog.tsx';
import { LoanSummary, SummaryItem } from './LoanSummary.tsx';

export const DELIVER_TITLE = 'Confirmar Entrega de Efectivo';

/**
 * A renewal's delivery: the old loan's payoff today comes out of the amount (the server settles it
 * and says so if the amount no longer covers it); only the difference is handed over in cash.
 */
function RenewalCash({ loan, renewsLoanId }: { loan: Loan; renewsLoanId: string }) {
  const quote = usePayoffQuote(renewsLoanId);
  if (!quote.data) return <>Renovación: calculando la liquidación del préstamo anterior…</>;
  const cash = (pesosToCents(loan.amount) - pesosToCents(quote.data.total)) / 100;
  return (
    <span data-testid="renewal-delivery">
      Renovación del préstamo No. {quote.data.loan.num}: se liquida con <MoneyText value={quote.data.total} />{' '}
      del monto. Confirme que entregó <MoneyText value={Math.max(0, cash)} fw={700} /> en efectivo a{' '}
      <strong>{customerName(loan.customer)}</strong>.
    </span>
  );
}

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
            {loan.renewsLoanId && !loan.loanFromPast ? (
              <RenewalCash loan={loan} renewsLoanId={loan.renewsLoanId} />
            ) : loan.loanFromPast ? (
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
