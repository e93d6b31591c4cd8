import { Alert, Anchor, Badge, Box, Button, Checkbox, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { LoanStatus, PublicLookupResult } from '@prestaya/contracts';
import { formatPesos, SCHEDULED_PAYMENT_STATUS_LABELS } from '@prestaya/contracts/plain';
import { IconFileText } from '@tabler/icons-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { formatShortDate } from '../../../lib/format.ts';
import type { RegisteredPayment } from '../api/client.ts';
import { amountCents, formatCents, oldestFirst, selectPayment, toggleCount } from '../selection.ts';
import { PaymentReference } from './PaymentReference.tsx';

// The dialog (and its dropzone) loads only when a visitor is about to pay.
const RegisterPaymentDialog = lazy(() =>
  import('./RegisterPaymentDialog.tsx').then((m) => ({ default: m.RegisterPaymentDialog })),
);

function fullName(loan: PublicLookupResult['loan']) {
  return [loan.name, loan.lastName, loan.secondLastName].filter(Boolean).join(' ');
}

/** Nothing to pay yet or any more: the loan's status says why, so a new borrower is not left guessing. */
const NOTHING_DUE: Partial<Record<LoanStatus, string>> = {
  PENDING:
    'Tu préstamo está en espera de aprobación. Tus pagos semanales aparecerán aquí cuando se entregue.',
  APPROVED:
    'Tu préstamo ya fue aprobado y está en espera de entrega. Tus pagos semanales aparecerán aquí cuando se entregue.',
  PAID: 'Tu préstamo está liquidado. No tienes pagos pendientes.',
};

function statusColor(status: string) {
  return status === 'DELAYED' || status === 'WRITTEN_OFF' ? 'red' : 'gray';
}

/** The loan found: its pending installments and fees, what is chosen, and the payment dialog. */
export function PendingPayments({
  result,
  onRegistered,
}: {
  result: PublicLookupResult;
  onRegistered: (payment: RegisteredPayment) => void;
}) {
  const installments = useMemo(
    () => oldestFirst(result.pendingPayments.scheduledPayments),
    [result.pendingPayments.scheduledPayments],
  );
  const fees = result.pendingPayments.fees;
  const [count, setCount] = useState(0);
  const [dialogOpened, setDialogOpened] = useState(false);
  const [dialogLoaded, setDialogLoaded] = useState(false);
  const [requested, setRequested] = useState(false);
  const selection = selectPayment(installments, fees, count, amountCents);
  const total = selection.amountCents;

  return (
    <Stack gap="lg">
      {requested && (
        <Alert color="teal" variant="light" role="status">
          Pago enviado sin PIN. Tu agente lo autorizará desde su sesión; después queda en validación.
        </Alert>
      )}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              Préstamo No. {result.loan.num}
            </Text>
            <Text fw={700} size="lg" data-testid="public-customer-name">
              {fullName(result.loan)}
            </Text>
            <Group gap={6} wrap="nowrap">
              <Text size="sm" c="dimmed">
                Referencia de pago
              </Text>
              <PaymentReference reference={result.loan.paymentReference} />
            </Group>
          </Stack>
          <Anchor
            component="a"
            href={`/loans/${result.loan.id}`}
            fw={600}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconFileText size={18} aria-hidden />
            Ver estado de cuenta
          </Anchor>
        </Group>
      </Paper>

      <Box component="section" aria-labelledby="pagos-pendientes">
        <Title order={2} size="h4" id="pagos-pendientes" mb={4}>
          Pagos pendientes
        </Title>
        {installments.length === 0 ? (
          <Text c="dimmed">{NOTHING_DUE[result.loan.status] ?? 'No tienes pagos semanales pendientes.'}</Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              Marca los pagos que vas a cubrir; se pagan del más antiguo al más reciente.
            </Text>
            <Stack
              gap="xs"
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label="Pagos pendientes"
            >
              {installments.map((item, index) => (
                <Paper
                  key={item.id}
                  component="li"
                  withBorder
                  radius="md"
                  p="sm"
                  bg={index < count ? 'teal.0' : undefined}
                  data-testid="public-installment"
                >
                  <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
                    <Checkbox
                      checked={index < count}
                      onChange={(e) => {
                        const { checked } = e.currentTarget;
                        setCount((c) => toggleCount(c, index, checked));
                      }}
                      label={item.concept}
                      description={`Vence ${formatShortDate(item.dueDate)}`}
                      styles={{ label: { fontWeight: 600 } }}
                    />
                    <Stack gap={4} align="flex-end">
                      <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                        {formatPesos(item.amount)}
                      </Text>
                      <Badge
                        color={statusColor(item.status)}
                        variant="light"
                        style={{ textTransform: 'none' }}
                      >
                        {SCHEDULED_PAYMENT_STATUS_LABELS[item.status] ?? item.status}
                      </Badge>
                    </Stack>
                  </Group>
                </Paper>
              ))}
            </Stack>
          </>
        )}
      </Box>

      {fees.length > 0 && (
        <Box component="section" aria-labelledby="multas-pendientes">
          <Title order={2} size="h4" id="multas-pendientes" mb={4}>
            Multas
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Las multas pendientes se incluyen siempre
          </Text>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Multas">
            {fees.map((fee) => (
              <Paper key={fee.id} component="li" withBorder radius="md" p="sm" bg="red.0">
                <Group justify="space-between" wrap="nowrap" gap="sm">
                  <Stack gap={0}>
                    <Text fw={600}>{fee.concept}</Text>
                    <Text size="sm" c="dimmed">
                      {formatShortDate(fee.feeDate)}
                    </Text>
                  </Stack>
                  <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                    {formatPesos(fee.amount)}
                  </Text>
                </Group>
              </Paper>
            ))}
          </Stack>
        </Box>
      )}

      {total > 0 && (
        <Paper withBorder radius="md" p="sm" shadow="sm" style={{ position: 'sticky', bottom: 8, zIndex: 2 }}>
          <Group justify="space-between" gap="sm">
            <Text fw={600}>Total: {formatCents(total)}</Text>
            <Button
              onClick={() => {
                setDialogLoaded(true);
                setDialogOpened(true);
              }}
            >
              Registrar Pago por {formatCents(total)}
            </Button>
          </Group>
        </Paper>
      )}

      {dialogLoaded && (
        <Suspense fallback={null}>
          <RegisterPaymentDialog
            opened={dialogOpened}
            onClose={() => setDialogOpened(false)}
            loanId={result.loan.id}
            lookupProof={result.proof}
            totalCents={total}
            scheduledPaymentIds={selection.scheduledPaymentIds}
            feeIds={selection.feeIds}
            onRegistered={(payment) => {
              setDialogOpened(false);
              setCount(0);
              onRegistered(payment);
            }}
            onRequested={() => {
              setDialogOpened(false);
              setCount(0);
              setRequested(true);
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
