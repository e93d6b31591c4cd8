import { Alert, Button, Stack, Text } from '@mantine/core';
import type { Loan } from '@prestaya/contracts';
import { IconRefresh } from '@tabler/icons-react';
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
  /** The customer's open loan, when a new request can only be its renewal ('Renovación'). */
  renewable?: Loan | null;
  /** Opens the renewal of `renewable` instead of this request. */
  onRenew?: (loan: Loan) => void;
}

/**
 * One loan in progress per customer: while one is open, a new loan is its renewal, so the request
 * points there (the form stays: the server still says why a plain request is refused).
 */
function RenewalOffer({ loan, onRenew }: { loan: Loan; onRenew: (loan: Loan) => void }) {
  return (
    <Alert color="blue" title="Renovación" data-testid="renewal-offer">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          El cliente tiene el préstamo No. {loan.num} en curso: el préstamo nuevo puede ser su renovación, que
          lo liquida con el monto nuevo y entrega en efectivo solo la diferencia.
        </Text>
        <Button size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={() => onRenew(loan)}>
          Renovar préstamo No. {loan.num}
        </Button>
      </Stack>
    </Alert>
  );
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
export function LoanDialog({
  opened,
  customerId,
  loanId,
  onClose,
  onSaved,
  renewable,
  onRenew,
}: LoanDialogProps) {
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
        <Stack gap="md">
          {renewable && onRenew && <RenewalOffer loan={renewable} onRenew={onRenew} />}
          <LoanForm customerId={customerId} onCancel={onClose} onSaved={saved} />
        </Stack>
      )}
    </EntityDialog>
  );
}
