import { Center, Loader, Modal } from '@mantine/core';
import type { Loan } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { RetryAlert } from '../../../components/QueryState.tsx';
import { loanQueryOptions } from '../api/get-loan.ts';
import { LoanForm } from './LoanForm.tsx';

export const NEW_LOAN_TITLE = 'Nueva solicitud de Préstamo';
export const EDIT_LOAN_TITLE = 'Editar Préstamo';

export interface LoanDialogProps {
  opened: boolean;
  customerId: string;
  /** Loan to edit (loaded by id, spec "Row edit loads the loan by id"); null to request a new one. */
  loanId: string | null;
  onClose: () => void;
  onSaved?: (loan: Loan) => void;
}

function EditLoan({
  customerId,
  loanId,
  onClose,
  onSaved,
}: {
  customerId: string;
  loanId: string;
  onClose: () => void;
  onSaved: (loan: Loan) => void;
}) {
  const loan = useQuery(loanQueryOptions(loanId));
  if (loan.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando préstamo" />
      </Center>
    );
  }
  if (loan.isError) {
    return <RetryAlert text="No se pudo cargar el préstamo." onRetry={() => void loan.refetch()} />;
  }
  return (
    <LoanForm
      key={loan.data.id}
      customerId={customerId}
      loan={loan.data}
      onCancel={onClose}
      onSaved={onSaved}
    />
  );
}

/** 'Nueva solicitud de Préstamo' / 'Editar Préstamo': the loan form in a modal. */
export function LoanDialog({ opened, customerId, loanId, onClose, onSaved }: LoanDialogProps) {
  const saved = (loan: Loan) => {
    onSaved?.(loan);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={loanId ? EDIT_LOAN_TITLE : NEW_LOAN_TITLE}
      centered
      size="lg"
      closeButtonProps={{ 'aria-label': 'Cerrar' }}
    >
      {loanId ? (
        <EditLoan customerId={customerId} loanId={loanId} onClose={onClose} onSaved={saved} />
      ) : (
        <LoanForm customerId={customerId} onCancel={onClose} onSaved={saved} />
      )}
    </Modal>
  );
}
