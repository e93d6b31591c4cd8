import {
  Anchor,
  Button,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { type PaymentDetails as Details, RECOVERY_LABEL } from '@prestaya/contracts';
import { IconCircleCheck, IconCircleX, IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { BackBreadcrumbs } from '../../../components/BackBreadcrumbs.tsx';
import { DetailField } from '../../../components/DetailField.tsx';
import { EntityHistory } from '../../../components/EntityHistory.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { LoadError } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { screenPaths } from '../../../lib/paths.ts';
import { hasRole, useSession } from '../../../lib/session.ts';
import { usePaymentDetails } from '../api/get-payment-details.ts';
import { fullCustomerName, methodLabel, PAYMENT_STATUS_BADGES } from '../labels.ts';
import { Lines } from './PaymentLines.tsx';
import { ConfirmPaymentDialog, RejectPaymentDialog } from './PaymentStatusDialogs.tsx';
import { ProofGallery } from './ProofGallery.tsx';

export const PAYMENT_DETAILS_TITLE = 'Detalle del Pago';

/** A titled part of the payment's page. */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function Total({
  label,
  value,
  id,
  strong = false,
}: {
  label: string;
  value: number;
  id: string;
  strong?: boolean;
}) {
  return (
    <Stack gap={2} align="flex-end">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} id={id}>
        {label}
      </Text>
      <Text
        fz={strong ? { base: 22, sm: 26 } : { base: 16, sm: 20 }}
        fw={strong ? 700 : 600}
        lh={1.1}
        aria-labelledby={id}
        data-testid={id}
      >
        <MoneyText value={value} />
      </Text>
    </Stack>
  );
}

/**
 * Where the page leads back to: an administrator's 'Pagos Recibidos'; for an agent, who has no such
 * list, the customer the payment belongs to (their customers until it is known).
 */
function backLink(isAdmin: boolean, details: Details | undefined) {
  if (isAdmin) return { to: screenPaths.payments, label: 'Pagos Recibidos' };
  const customer = details?.payment.customer;
  return customer
    ? { to: screenPaths.customer(customer.id), label: fullCustomerName(customer) }
    : { to: screenPaths.customers, label: 'Clientes' };
}

function Content({ details, isAdmin }: { details: Details; isAdmin: boolean }) {
  const { payment, totals } = details;
  const [dialog, setDialog] = useState<'confirm' | 'reject' | null>(null);
  // Agents read a payment; only administrators decide it.
  const decidable = isAdmin && payment.status === 'VALIDATING';
  const registeredBy = payment.registeredBy
    ? `${[payment.registeredBy.name, payment.registeredBy.lastName].filter(Boolean).join(' ')} (No. ${payment.registeredBy.num})`
    : '—';

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="md">
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} size="h2">
                {PAYMENT_DETAILS_TITLE}
              </Title>
              <Text size="sm" c="dimmed">
                Préstamo No. {payment.loan.num} · <MoneyText value={payment.amount} />
                {payment.recovery && ` · ${RECOVERY_LABEL} de préstamo castigado`}
              </Text>
            </Stack>
            <Group gap="sm" w={{ base: '100%', xs: 'auto' }}>
              {/* A receipt can be printed in any status, also once confirmed; it opens in a new tab. */}
              <Button
                component="a"
                href={screenPaths.printPaymentReceipt(payment.id)}
                target="_blank"
                rel="noopener"
                variant="default"
                leftSection={<IconPrinter size={16} aria-hidden />}
                w={{ base: '100%', xs: 'auto' }}
              >
                Imprimir recibo
              </Button>
              {decidable && (
                // Side by side and equally wide on a phone, under the title.
                <Group gap="sm" grow preventGrowOverflow={false} w={{ base: '100%', xs: 'auto' }}>
                  <Button
                    variant="light"
                    color="red"
                    leftSection={<IconCircleX size={16} aria-hidden />}
                    onClick={() => setDialog('reject')}
                  >
                    Rechazar Pago
                  </Button>
                  <Button
                    color="teal"
                    leftSection={<IconCircleCheck size={16} aria-hidden />}
                    onClick={() => setDialog('confirm')}
                  >
                    Confirmar Pago
                  </Button>
                </Group>
              )}
            </Group>
          </Group>

          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md" verticalSpacing="md">
            <DetailField label="Préstamo">
              <Anchor component={Link} to={screenPaths.customer(payment.customer.id)}>
                No. {payment.loan.num}
              </Anchor>
            </DetailField>
            <DetailField label="Fecha de pago" testId="payment-date">
              {formatDate(payment.collectedAt)}
            </DetailField>
            {payment.collectedAt !== payment.createdOn && (
              <DetailField label="Recibido en oficina" testId="payment-received">
                {formatDateTime(payment.createdOn)}
              </DetailField>
            )}
            <DetailField label="Método">{methodLabel(payment.paymentMethod)}</DetailField>
            <DetailField label="Estatus" testId="payment-status">
              <StatusBadge value={payment.status} labels={PAYMENT_STATUS_BADGES} />
            </DetailField>
            <DetailField label="Cliente">{fullCustomerName(payment.customer)}</DetailField>
            <DetailField label="Registrado por">{registeredBy}</DetailField>
            {payment.bankAccount && (
              <DetailField label="Cuenta destino">{payment.bankAccount.name}</DetailField>
            )}
          </SimpleGrid>
          {payment.rejectionReason && (
            <DetailField label="Motivo del rechazo" testId="payment-rejection-reason">
              {payment.rejectionReason}
            </DetailField>
          )}

          <Divider />
          <Group justify="flex-end" gap="xl" wrap="wrap" aria-label="Totales" role="group">
            <Total label="Total pagos" value={totals.scheduledPayments} id="payment-total-installments" />
            <Total label="Total multas" value={totals.fees} id="payment-total-fees" />
            <Total label="Total" value={totals.total} id="payment-total" strong />
          </Group>
        </Stack>
      </Paper>

      <Section title="Conceptos">
        <Lines lines={details.lines} />
      </Section>

      <Section title="Comprobantes">
        <ProofGallery attachments={details.attachments} />
      </Section>

      <EntityHistory entity="payment" entityId={payment.id} />

      {/* Not gated on the status: a dialog stays mounted while its decision reloads the payment, so
          its toast and close still run. */}
      {isAdmin && (
        <>
          <ConfirmPaymentDialog
            payment={payment}
            opened={dialog === 'confirm'}
            onClose={() => setDialog(null)}
          />
          <RejectPaymentDialog
            payment={payment}
            opened={dialog === 'reject'}
            onClose={() => setDialog(null)}
          />
        </>
      )}
    </Stack>
  );
}

function DetailsSkeleton() {
  return (
    <Paper withBorder radius="md" p="lg" aria-busy="true" aria-label="Cargando pago">
      <Stack gap="md">
        <Skeleton h={28} w={240} />
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          {['a', 'b', 'c', 'd', 'e', 'f'].map((k) => (
            <Skeleton key={k} h={36} />
          ))}
        </SimpleGrid>
        <Skeleton h={40} />
      </Stack>
    </Paper>
  );
}

/**
 * /admin/payments/:id: summary, rejection reason, totals, concept lines, proof images and history;
 * administrators confirm or reject while VALIDATING, agents read their payments' details.
 */
export function PaymentDetails({ paymentId }: { paymentId: string }) {
  const isAdmin = hasRole(useSession()?.user, 'ROLE_ADMIN');
  const details = usePaymentDetails(paymentId);
  const num = details.data?.payment.loan.num;
  const back = backLink(isAdmin, details.data);
  return (
    <Stack gap="lg">
      <title>{`${PAYMENT_DETAILS_TITLE}${num ? ` · Préstamo ${num}` : ''} · PrestaYa`}</title>
      <BackBreadcrumbs
        back={back}
        items={[{ label: num ? `Pago del préstamo No. ${num}` : PAYMENT_DETAILS_TITLE }]}
      />
      {details.data ? (
        <Content details={details.data} isAdmin={isAdmin} />
      ) : details.isError ? (
        <LoadError
          error={details.error}
          onRetry={() => void details.refetch()}
          what="el pago"
          back={{ to: back.to, label: `Volver a ${back.label}` }}
        />
      ) : (
        <DetailsSkeleton />
      )}
    </Stack>
  );
}
