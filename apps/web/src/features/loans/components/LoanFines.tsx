import { Box, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Fee, Loan } from '@prestaya/contracts';
import { IconMoodHappy } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { useCancelFee } from '../api/cancel-fee.ts';
import { useLoanFees } from '../api/get-loan-fees.ts';
import {
  FEE_CANCEL_FAILED,
  FEE_CANCEL_QUESTION,
  FEE_CANCELLED,
  FEE_STATUS_BADGES,
} from '../payment-labels.ts';

export const NO_FINES_TEXT = 'Sin multas';
export const CANCEL_FEE_TITLE = 'Cancelar multa';

/** 'Multas' of a loan: date, concept, amount and status; admins cancel a pending fine. */
export function LoanFines({ loan }: { loan: Loan }) {
  const isAdmin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const fees = useLoanFees(loan.id);
  const cancel = useCancelFee();
  const [toCancel, setToCancel] = useState<Fee | null>(null);

  const confirmCancel = () => {
    if (!toCancel || cancel.isPending) return;
    cancel.mutate(
      { loanId: loan.id, feeId: toCancel.id },
      {
        onSuccess: () => notify.success(FEE_CANCELLED),
        onError: (error) => notify.apiError(error, FEE_CANCEL_FAILED),
        onSettled: () => setToCancel(null),
      },
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
            <Table striped highlightOnHover verticalSpacing="xs" aria-label="Multas del préstamo">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th visibleFrom="xs">Fecha</Table.Th>
                  <Table.Th>Concepto</Table.Th>
                  <Table.Th ta="right">Monto</Table.Th>
                  <Table.Th>Estatus</Table.Th>
                  {isAdmin && (
                    <Table.Th>
                      <VisuallyHidden>Acciones</VisuallyHidden>
                    </Table.Th>
                  )}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((fee) => (
                  <Table.Tr key={fee.id}>
                    <Table.Td visibleFrom="xs" style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(fee.feeDate)}
                    </Table.Td>
                    <Table.Td>
                      {fee.concept}
                      <Text size="xs" c="dimmed" hiddenFrom="xs">
                        {formatDate(fee.feeDate)}
                      </Text>
                    </Table.Td>
                    <Table.Td ta="right">
                      <MoneyText value={fee.amount} />
                    </Table.Td>
                    <Table.Td>
                      <Box miw="max-content">
                        <StatusBadge value={fee.status} labels={FEE_STATUS_BADGES} />
                      </Box>
                    </Table.Td>
                    {isAdmin && (
                      <Table.Td ta="right">
                        {fee.status === 'PENDING' && (
                          <Button
                            size="compact-xs"
                            variant="light"
                            color="red"
                            onClick={() => setToCancel(fee)}
                            aria-label={`Cancelar ${fee.concept}`}
                          >
                            Cancelar
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <ConfirmModal
            opened={toCancel !== null}
            title={CANCEL_FEE_TITLE}
            onClose={() => setToCancel(null)}
            onConfirm={confirmCancel}
            confirmColor="red"
            loading={cancel.isPending}
          >
            <Text size="sm">{FEE_CANCEL_QUESTION}</Text>
            {toCancel && (
              <Text size="sm" c="dimmed">
                {toCancel.concept} · <MoneyText value={toCancel.amount} />
              </Text>
            )}
          </ConfirmModal>
        </>
      )}
    </QueryState>
  );
}
