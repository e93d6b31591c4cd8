import {
  Alert,
  Anchor,
  Box,
  Center,
  Loader,
  Stack,
  Table,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import type { Loan } from '@prestaya/contracts';
import { IconCashOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { useLoanPayments } from '../api/get-loan-payments.ts';
import { methodLabel, PAYMENT_STATUS_BADGES, paymentDetailsPath } from '../payment-labels.ts';

export const NO_PAYMENTS_TEXT = 'Aún no hay pagos registrados';

/** 'Lista de Pagos' of a loan: date, amount, method and status; admins open each one with 'Ver'. */
export function LoanPayments({ loan }: { loan: Loan }) {
  const isAdmin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const payments = useLoanPayments(loan.id);
  if (payments.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando pagos" />
      </Center>
    );
  }
  if (payments.isError) {
    return (
      <Alert color="red" variant="light" role="alert">
        No se pudieron cargar los pagos.{' '}
        <Anchor component="button" type="button" onClick={() => void payments.refetch()}>
          Reintentar
        </Anchor>
      </Alert>
    );
  }
  if (payments.data.length === 0) {
    return (
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
          <IconCashOff size={24} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" ta="center">
          {NO_PAYMENTS_TEXT}
        </Text>
      </Stack>
    );
  }
  return (
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
          {payments.data.map((payment) => (
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
                  <Anchor component={Link} to={paymentDetailsPath(payment.id)} size="sm">
                    Ver
                  </Anchor>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
