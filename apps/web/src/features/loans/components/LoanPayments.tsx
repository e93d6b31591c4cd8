import { Anchor, Box, Table, Text, VisuallyHidden } from '@mantine/core';
import type { Loan } from '@prestaya/contracts';
import { IconCashOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { useLoanPayments } from '../api/get-loan-payments.ts';
import { methodLabel, PAYMENT_STATUS_BADGES } from '../payment-labels.ts';

export const NO_PAYMENTS_TEXT = 'Aún no hay pagos registrados';

/** 'Lista de Pagos' of a loan: date, amount, method and status; admins open each one with 'Ver'. */
export function LoanPayments({ loan }: { loan: Loan }) {
  const isAdmin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const payments = useLoanPayments(loan.id);
  return (
    <QueryState
      query={payments}
      loadingLabel="Cargando pagos"
      errorText="No se pudieron cargar los pagos."
      emptyText={NO_PAYMENTS_TEXT}
      emptyIcon={<IconCashOff size={24} />}
      emptyColor="gray"
    >
      {(rows) => (
        <Table.ScrollContainer minWidth={300}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-label="Pagos del préstamo">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Fecha</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
                <Table.Th visibleFrom="xs">Método</Table.Th>
                <Table.Th>Estatus</Table.Th>
                {isAdmin && (
                  <Table.Th>
                    <VisuallyHidden>Acciones</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(payment.createdOn)}
                    <Text size="xs" c="dimmed" hiddenFrom="xs">
                      {methodLabel(payment.paymentMethod)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    <MoneyText value={payment.amount} />
                  </Table.Td>
                  <Table.Td visibleFrom="xs">{methodLabel(payment.paymentMethod)}</Table.Td>
                  <Table.Td>
                    <Box miw="max-content">
                      <StatusBadge value={payment.status} labels={PAYMENT_STATUS_BADGES} />
                    </Box>
                  </Table.Td>
                  {isAdmin && (
                    <Table.Td ta="right">
                      <Anchor component={Link} to={screenPaths.payment(payment.id)} size="sm">
                        Ver
                      </Anchor>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </QueryState>
  );
}
