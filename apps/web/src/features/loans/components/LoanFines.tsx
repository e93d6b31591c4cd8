import { Button, Table, Text } from '@mantine/core';
import type { Fee, Loan } from '@prestaya/contracts';
import { IconMoodHappy } from '@tabler/icons-react';
import { useState } from 'react';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { ReasonDialog, type ReasonOutcome, reasonCallbacks } from '../../../components/ReasonDialog.tsx';
import { StatusCell } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { useCancelFee } from '../api/cancel-fee.ts';
import { useLoanFees } from '../api/get-loan-fees.ts';
import {
  FEE_CANCEL_BACK,
  FEE_CANCEL_CONFIRM,
  FEE_CANCEL_FAILED,
  FEE_CANCEL_QUESTION,
  FEE_CANCELLED,
  FEE_STATUS_BADGES,
} from '../payment-labels.ts';

export const NO_FINES_TEXT = 'Sin multas';
export const CANCEL_FEE_TITLE = 'Cancelar multa';

/**
 * 'Multas' of a loan: date, concept (with why a cancelled fine was forgiven), amount and status; admins
 * cancel a pending fine, saying why.
 */
export function LoanFines({ loan }: { loan: Loan }) {
  const isAdmin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const fees = useLoanFees(loan.id);
  const cancel = useCancelFee();
  const [toCancel, setToCancel] = useState<Fee | null>(null);

  const confirmCancel = (reason: string, outcome: ReasonOutcome) => {
    if (!toCancel) return;
    cancel.mutate(
      { loanId: loan.id, feeId: toCancel.id, reason },
      reasonCallbacks(
        { success: FEE_CANCELLED, failure: FEE_CANCEL_FAILED },
        () => setToCancel(null),
        outcome,
      ),
    );
  };

  return (
    <QueryState
      query={fees}
      loadingLabel="Cargando multas"
      errorText="No se pudieron cargar las multas."
      emptyText={NO_FINES_TEXT}
      emptyIcon={<IconMoodHappy size={24} />}
      emptyColor="teal"
    >
      {(rows) => (
        <>
          {/* On a phone the date folds under the concept, so the table fits without scrolling. */}
          <Table.ScrollContainer minWidth={300}>
            <LinesTable
              highlightOnHover
              aria-label="Multas del préstamo"
              rows={rows}
              rowKey={(fee) => fee.id}
              columns={[
                { header: 'Fecha', wide: true, nowrap: true, cell: (fee) => formatDate(fee.feeDate) },
                {
                  header: 'Concepto',
                  cell: (fee) => (
                    <>
                      <FoldedCell folded={formatDate(fee.feeDate)}>{fee.concept}</FoldedCell>
                      {fee.cancelReason && (
                        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          Motivo: {fee.cancelReason}
                        </Text>
                      )}
                    </>
                  ),
                },
                { header: 'Monto', align: 'right', cell: (fee) => <MoneyText value={fee.amount} /> },
                {
                  header: 'Estatus',
                  cell: (fee) => <StatusCell value={fee.status} labels={FEE_STATUS_BADGES} />,
                },
                isAdmin && {
                  header: 'Acciones',
                  hiddenHeader: true,
                  align: 'right',
                  cell: (fee) =>
                    fee.status === 'PENDING' && (
                      <Button
                        size="compact-xs"
                        variant="light"
                        color="red"
                        onClick={() => setToCancel(fee)}
                        aria-label={`Cancelar ${fee.concept}`}
                      >
                        Cancelar
                      </Button>
                    ),
                },
              ]}
            />
          </Table.ScrollContainer>
          <ReasonDialog
            opened={toCancel !== null}
            title={CANCEL_FEE_TITLE}
            onClose={() => setToCancel(null)}
            onConfirm={confirmCancel}
            confirmColor="red"
            confirmLabel={FEE_CANCEL_CONFIRM}
            cancelLabel={FEE_CANCEL_BACK}
            loading={cancel.isPending}
          >
            <Text size="sm">{FEE_CANCEL_QUESTION}</Text>
            {toCancel && (
              <Text size="sm" c="dimmed">
                {toCancel.concept} · <MoneyText value={toCancel.amount} />
              </Text>
            )}
          </ReasonDialog>
        </>
      )}
    </QueryState>
  );
}
