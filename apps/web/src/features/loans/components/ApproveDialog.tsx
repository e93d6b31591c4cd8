import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { type Loan, loanApprove } from '@prestaya/contracts';
import { IconHistory } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AccountSelect } from '../../../components/AccountSelect.tsx';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/notify.ts';
import { queryRoots } from '../../../lib/query-keys.ts';
import { useApproveLoan } from '../api/approve-loan.ts';
import { APPROVAL_ACCOUNTS_PAGE } from '../api/get-bank-accounts.ts';
import { LoanSummary } from './LoanSummary.tsx';

export const APPROVE_TITLE = 'Aprobación de Préstamo';
export const ACCOUNT_REQUIRED = 'Seleccione la cuenta de retiro';
export const FROM_PAST_NO_ACCOUNT =
  'Préstamo ya iniciado: su aprobación no mueve dinero de las cuentas, por lo que no requiere cuenta de retiro.';

function ApproveForm({ loan, onClose, onDone }: { loan: Loan; onClose: () => void; onDone: () => void }) {
  const queryClient = useQueryClient();
  const approve = useApproveLoan();
  const [accountId, setAccountId] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const needsAccount = !loan.loanFromPast;
  const missing = needsAccount && !accountId;
  const error = touched && missing ? ACCOUNT_REQUIRED : undefined;

  const submit = () => {
    setTouched(true);
    if (missing || approve.isPending) return;
    const body = loanApprove.parse(needsAccount ? { bankAccountId: accountId } : {});
    approve.mutate(
      { id: loan.id, body },
      toastOutcome('El préstamo ha sido aprobado', 'No se pudo aprobar el préstamo', {
        onSuccess: onDone,
        // A short balance may have changed meanwhile: show the accounts as they are now.
        onError: () => void queryClient.invalidateQueries({ queryKey: queryRoots.bankAccounts }),
      }),
    );
  };

  return (
    <Stack gap="md">
      <LoanSummary loan={loan} />
      {needsAccount ? (
        <AccountSelect
          label="Cuenta de retiro"
          description={`Se reservarán ${formatMoney(loan.amount)} del saldo de la cuenta hasta la entrega`}
          pageSize={APPROVAL_ACCOUNTS_PAGE.size}
          value={accountId}
          onChange={(value) => {
            setAccountId(value);
            setTouched(true);
          }}
          onBlur={() => setTouched(true)}
          withAsterisk
          required
          error={error}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
      ) : (
        <Alert variant="light" color="blue" icon={<IconHistory size={18} aria-hidden />}>
          <Text size="sm">{FROM_PAST_NO_ACCOUNT}</Text>
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={submit} disabled={missing || approve.isPending} loading={approve.isPending}>
          Aprobar
        </Button>
      </Group>
    </Stack>
  );
}

/** The props of a dialog that acts on one loan of the list (Aprobar, Entregar). */
export interface LoanActionDialogProps {
  loan: Loan | null;
  opened: boolean;
  onClose: () => void;
  onDone: () => void;
}

/** 'Aprobación de Préstamo' (docs/product.md §2 "GlobalLoanList"): the loan summary and the withdrawal account. */
export function ApproveDialog({ loan, opened, onClose, onDone }: LoanActionDialogProps) {
  return (
    <EntityDialog opened={opened && loan !== null} onClose={onClose} title={APPROVE_TITLE} size="lg">
      {loan && <ApproveForm key={loan.id} loan={loan} onClose={onClose} onDone={onDone} />}
    </EntityDialog>
  );
}
