import { Text } from '@mantine/core';
import type { Loan } from '@prestaya/contracts';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { ReasonDialog, type ReasonOutcome, reasonCallbacks } from '../../../components/ReasonDialog.tsx';
import { useWriteOffLoan } from '../api/write-off-loan.ts';
import { customerName } from '../labels.ts';

export const WRITE_OFF_TITLE = 'Castigar préstamo';
export const WRITE_OFF_CONFIRM = 'Castigar';
export const WRITE_OFF_DONE = 'Préstamo castigado';
export const WRITE_OFF_FAILED = 'No se pudo castigar el préstamo';

/**
 * 'Castigar' (administrators, docs/product.md "Castigo"): what it does, the balance written off, and a
 * required reason; the server decides whether the loan is overdue enough and says so when it is not.
 */
export function WriteOffDialog({ loan, onClose }: { loan: Loan | null; onClose: () => void }) {
  const writeOff = useWriteOffLoan();
  const confirm = (reason: string, outcome: ReasonOutcome) => {
    if (!loan) return;
    writeOff.mutate(
      { loanId: loan.id, reason },
      reasonCallbacks({ success: WRITE_OFF_DONE, failure: WRITE_OFF_FAILED }, onClose, outcome),
    );
  };
  return (
    <ReasonDialog
      opened={loan !== null}
      title={WRITE_OFF_TITLE}
      onClose={onClose}
      onConfirm={confirm}
      confirmColor="red"
      confirmLabel={WRITE_OFF_CONFIRM}
      cancelLabel="Volver"
      loading={writeOff.isPending}
    >
      {loan && (
        <>
          <Text size="sm">
            ¿Confirma que desea castigar el préstamo No. {loan.num} de {customerName(loan.customer)}?
          </Text>
          <Text size="sm" c="dimmed">
            Saldo a castigar: <MoneyText value={loan.currentBalance} />. Sale de la cartera activa y del PAR,
            deja de generar multas y no se puede deshacer. Los pagos posteriores se registran como
            recuperación.
          </Text>
        </>
      )}
    </ReasonDialog>
  );
}
