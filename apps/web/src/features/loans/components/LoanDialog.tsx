import type { Loan } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { QueryRecord } from '../../../components/QueryState.tsx';
import { loanQueryOptions } from '../api/get-loan.ts';
import { LoanForm } from './LoanForm.tsx';

export const NEW_LOAN_TITLE = 'Nueva solicitud de Préstamo';
export const EDIT_LOAN_TITLE = 'Editar Préstamo';

export interface LoanDialogProps {
  opened: boolean;
  customerId: string;
  /** Loan to edit (loaded by id, docs/product.md §2 "Loans tab on a customer"); null to request a new one. */
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
  return (
    <QueryRecord
      query={useQuery(loanQueryOptions(loanId))}
      loadingLabel="Cargando préstamo"
      errorText="No se pudo cargar el préstamo."
    >
      {(loan) => (
        <LoanForm key={loan.id} customerId={customerId} loan={loan} onCancel={onClose} onSaved={onSaved} />
      )}
    </QueryRecord>
  );
}

/** 'Nueva solicitud de Préstamo' / 'Editar Préstamo': the loan form in a modal. */
export function LoanDialog({ opened, customerId, loanId, onClose, onSaved }: LoanDialogProps) {
  const saved = (loan: Loan) => {
    onSaved?.(loan);
    onClose();
  };
  return (
    <EntityDialog
      opened={opened}
      onClose={onClose}
      title={loanId ? EDIT_LOAN_TITLE : NEW_LOAN_TITLE}
      size="lg"
    >
      {loanId ? (
        <EditLoan customerId={customerId} loanId={loanId} onClose={onClose} onSaved={saved} />
      ) : (
        <LoanForm customerId={customerId} onCancel={onClose} onSaved={saved} />
      )}
    </EntityDialog>
  );
}
