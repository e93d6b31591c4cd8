import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { PublicLoanDetail } from '@prestaya/contracts';
import {
  CAT_LABEL,
  FEE_STATUS_LABELS,
  formatCat,
  formatPesos,
  PUBLIC_LOAN_STATUS_LABELS,
  SCHEDULED_PAYMENT_STATUS_LABELS,
} from '@prestaya/contracts/plain';
import { IconAlertCircle, IconMoodSad } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { DetailField } from '../../../components/DetailField.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { formatShortDate } from '../../../lib/format.ts';
import { errorDetail, isPublicApiError } from '../api/client.ts';
import { usePublicLoan } from '../api/public-loan.ts';
import { usePublicLoanCat } from '../api/public-loan-cat.ts';
import { BusinessContact } from './BusinessContact.tsx';
import { PaymentReference } from './PaymentReference.tsx';

const NOT_FOUND =
  'Préstamo no encontrado. No pudimos encontrar tu préstamo. Favor de comunicarse con su agente para obtener detalles de su préstamo';

/** A loan not delivered has no schedule yet: say why instead of an empty table. */
const NO_SCHEDULE: Record<string, string> = {
  PENDING: 'Tu préstamo está en espera de aprobación; el calendario de pagos se genera al entregarlo.',
  APPROVED:
    'Tu préstamo ya fue aprobado y está en espera de entrega; el calendario de pagos se genera al entregarlo.',
  CANCELLED: 'Este préstamo fue cancelado; no tiene pagos programados.',
};

const STATUS_COLORS: Record<string, string> = {
  ACTIVE: 'teal',
  PAID: 'teal',
  DELAYED: 'red',
  WRITTEN_OFF: 'red',
  REJECTED: 'red',
  CANCELLED: 'gray',
  VALIDATING: 'blue',
};

function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <Badge color={STATUS_COLORS[status] ?? 'gray'} variant="light" style={{ textTransform: 'none' }}>
      {label}
    </Badge>
  );
}

const TEXT_COLORS: Record<string, string> = {
  PAID: 'teal.9',
  DELAYED: 'red.9',
  WRITTEN_OFF: 'red.9',
  REJECTED: 'red.9',
  VALIDATING: 'blue.9',
};

/** In the tables a plain coloured word: a badge would be cut to 'Pend…' on a 390 px phone. */
function StatusText({ status, label }: { status: string; label: string }) {
  return (
    <Text component="span" size="xs" fw={600} c={TEXT_COLORS[status]}>
      {label}
    </Text>
  );
}

function StatementSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * A statement table, compact for a phone; it may scroll sideways on a narrow one, so its region is
 * focusable and keyboard users can scroll it.
 */
function StatementTable<T extends { id: string }>({
  labelledBy,
  rows,
  columns,
}: {
  labelledBy: string;
  rows: readonly T[];
  columns: LineColumn<T>[];
}) {
  return (
    <Box role="region" aria-labelledby={labelledBy} tabIndex={0} style={{ overflowX: 'auto' }}>
      <LinesTable
        aria-labelledby={labelledBy}
        fz="sm"
        horizontalSpacing={4}
        verticalSpacing={6}
        rows={rows}
        rowKey={(row) => row.id}
        columns={columns}
      />
    </Box>
  );
}

function Statement({ detail, cat }: { detail: PublicLoanDetail; cat: number | undefined }) {
  const { loan, fees, schedulePayments } = detail;
  const customer = [loan.customer.name, loan.customer.lastName, loan.customer.secondLastName]
    .filter(Boolean)
    .join(' ');
  const schedule = [...schedulePayments].sort((a, b) => a.paymentNumber - b.paymentNumber);
  const statusLabel = PUBLIC_LOAN_STATUS_LABELS[loan.status] ?? loan.status;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                Cliente
              </Text>
              <Text fw={700} size="lg" data-testid="statement-customer">
                {customer}
              </Text>
            </Stack>
            <StatusBadge status={loan.status} label={statusLabel} />
          </Group>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="sm">
            <DetailField strong label="No. de préstamo">
              {loan.num}
            </DetailField>
            <DetailField strong label="Referencia de pago">
              <PaymentReference reference={loan.paymentReference} />
            </DetailField>
            <DetailField strong label="Monto">
              {formatPesos(loan.amount)}
            </DetailField>
            <DetailField strong label="Estatus">
              {statusLabel}
            </DetailField>
            <DetailField strong label="Fecha de solicitud">
              {formatShortDate(loan.requestDate)}
            </DetailField>
            <DetailField strong label="Fecha de aprobación">
              {formatShortDate(loan.approvedOn) || '—'}
            </DetailField>
            <DetailField strong label="Total del préstamo">
              {formatPesos(loan.totalToRepay)}
            </DetailField>
            {cat !== undefined && (
              <DetailField strong label={CAT_LABEL}>
                {formatCat(cat)}
              </DetailField>
            )}
            <DetailField strong label="Saldo actual">
              {formatPesos(loan.currentBalance)}
            </DetailField>
            {loan.inValidation > 0 && (
              <>
                <DetailField strong label="Pago en validación">
                  {formatPesos(loan.inValidation)}
                </DetailField>
                <DetailField strong label="Saldo al confirmarse el pago">
                  {formatPesos(loan.balanceAfterValidation)}
                </DetailField>
              </>
            )}
          </SimpleGrid>
          {loan.inValidation > 0 && (
            <Text size="sm" c="dimmed">
              El saldo actual incluye el pago en validación hasta que se confirme.
            </Text>
          )}
        </Stack>
      </Paper>

      <StatementSection id="multas" title="Multas">
        {fees.length === 0 ? (
          <Text c="dimmed">Sin multas.</Text>
        ) : (
          <StatementTable
            labelledBy="multas"
            rows={fees}
            columns={[
              { header: 'Fecha', nowrap: true, cell: (fee) => formatShortDate(fee.feeDate) },
              { header: 'Concepto', cell: (fee) => fee.concept },
              { header: 'Monto', align: 'right', nowrap: true, cell: (fee) => formatPesos(fee.amount) },
              {
                header: 'Estatus',
                cell: (fee) => (
                  <StatusText status={fee.status} label={FEE_STATUS_LABELS[fee.status] ?? fee.status} />
                ),
              },
            ]}
          />
        )}
      </StatementSection>

      <StatementSection id="calendario" title="Calendario de pagos">
        {schedule.length === 0 ? (
          <Text c="dimmed">{NO_SCHEDULE[loan.status] ?? 'Sin pagos programados.'}</Text>
        ) : (
          <StatementTable
            labelledBy="calendario"
            rows={schedule}
            columns={[
              { header: 'No.', cell: (item) => item.paymentNumber },
              { header: 'Concepto', cell: (item) => item.concept },
              { header: 'Vence', nowrap: true, cell: (item) => formatShortDate(item.dueDate) },
              { header: 'Monto', align: 'right', nowrap: true, cell: (item) => formatPesos(item.amount) },
              {
                header: 'Estatus',
                cell: (item) => (
                  <StatusText
                    status={item.status}
                    label={SCHEDULED_PAYMENT_STATUS_LABELS[item.status] ?? item.status}
                  />
                ),
              },
            ]}
          />
        )}
      </StatementSection>

      <Group justify="center">
        <Button component="a" href="/consulta" variant="light">
          Consultar y pagar
        </Button>
      </Group>

      <BusinessContact />
    </Stack>
  );
}

/** LoanDetails (/loans/{id}): the public statement of one loan (docs/product.md §2). */
export function LoanDetails({ id }: { id: string }) {
  const loan = usePublicLoan(id);
  const cat = usePublicLoanCat(id);
  const notFound = isPublicApiError(loan.error) && (loan.error.status === 404 || loan.error.status === 400);

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} px={{ base: 'sm', sm: 'md' }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 32 }}>
          Estado de Cuenta de Préstamo
        </Title>
        {loan.isPending && (
          // As tall as the screen: the footer stays below it, so the statement arriving moves nothing
          // the visitor sees (no layout shift).
          <Group justify="center" align="flex-start" py="xl" mih="100dvh">
            <Loader aria-label="Cargando estado de cuenta" />
          </Group>
        )}
        {notFound && (
          <Paper withBorder radius="md" p="xl" data-testid="loan-not-found">
            <Stack align="center" gap="sm" ta="center">
              <IconMoodSad size={48} aria-hidden color="var(--mantine-color-gray-7)" />
              <Text size="lg">{NOT_FOUND}</Text>
              <Button component="a" href="/consulta" variant="light">
                Ir a Consulta
              </Button>
            </Stack>
          </Paper>
        )}
        {loan.isError && !notFound && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorDetail(loan.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => loan.refetch()}>
                Reintentar
              </Button>
            </Stack>
          </Alert>
        )}
        {loan.data && <Statement detail={loan.data} cat={cat} />}
      </Stack>
    </Container>
  );
}
