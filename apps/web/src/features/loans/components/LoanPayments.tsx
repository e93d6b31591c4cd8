import { Anchor, Badge, Group, Stack, Table } from '@mantine/core';
import { type Loan, RECOVERY_LABEL } from '@prestaya/contracts';
import { IconCashOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { QueryState } from '../../../components/QueryState.tsx';
import { StatusCell } from '../../../components/StatusBadge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { useLoanPayments } from '../api/get-loan-payments.ts';
import { methodLabel, PAYMENT_STATUS_BADGES } from '../payment-labels.ts';
import { PendingAuthorisations } from './PendingAuthorisations.tsx';

export const NO_PAYMENTS_TEXT = 'Aún no hay pagos registrados';

/**
 * 'Lista de Pagos' of a loan: date, amount, method and status; 'Ver' opens each one's details (read-only
 * for an agent, who can also print its receipt there). Above it, the payments sent without PIN that
 * wait for authorisation, if any.
 */
export function LoanPayments({ loan }: { loan: Loan }) {
  const payments = useLoanPayments(loan.id);
  return (
    <Stack gap="sm">
      <PendingAuthorisations loanId={loan.id} />
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
            <LinesTable
              highlightOnHover
              aria-label="Pagos del préstamo"
              rows={rows}
              rowKey={(payment) => payment.id}
              columns={[
                {
                  header: 'Fecha',
                  nowrap: true,
                  cell: (payment) => (
                    <FoldedCell folded={methodLabel(payment.paymentMethod)}>
                      {formatDate(payment.createdOn)}
                    </FoldedCell>
                  ),
                },
                { header: 'Monto', align: 'right', cell: (payment) => <MoneyText value={payment.amount} /> },
                { header: 'Método', wide: true, cell: (payment) => methodLabel(payment.paymentMethod) },
                {
                  header: 'Estatus',
                  cell: (payment) => (
                    <Group gap={4} wrap="nowrap">
                      <StatusCell value={payment.status} labels={PAYMENT_STATUS_BADGES} />
                      {payment.recovery && (
                        <Badge color="grape" variant="light" size="sm" style={{ textTransform: 'none' }}>
                          {RECOVERY_LABEL}
                        </Badge>
                      )}
                    </Group>
                  ),
                },
                {
                  header: 'Acciones',
                  hiddenHeader: true,
                  align: 'right',
                  cell: (payment) => (
                    <Anchor component={Link} to={screenPaths.payment(payment.id)} size="sm">
                      Ver
                    </Anchor>
                  ),
                },
              ]}
            />
          </Table.ScrollContainer>
        )}
      </QueryState>
    </Stack>
  );
}
