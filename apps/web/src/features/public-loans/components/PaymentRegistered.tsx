import { Alert, Stack, Text } from '@mantine/core';
import { formatPesos, PAYMENT_STATUS_LABELS } from '@prestaya/contracts/plain';
import { IconCircleCheck } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format.ts';
import type { RegisteredPayment } from '../api/client.ts';
import { BusinessContact } from './BusinessContact.tsx';

/** How a borrower reads a payment awaiting the agent's confirmation. */
const STATUS_TEXT: Record<string, string> = { ...PAYMENT_STATUS_LABELS, VALIDATING: 'En validación' };

/**
 * The confirmation after paying at /consulta: the folio and date the borrower keeps to ask about the
 * payment, and that it counts only once the agent validates it.
 */
export function PaymentRegistered({ payment }: { payment: RegisteredPayment }) {
  return (
    <Stack gap="md">
      <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} role="status">
        <Stack gap={4}>
          <Text size="sm">Pago registrado. Tu agente lo validará pronto.</Text>
          <Text size="sm" fw={700} data-testid="public-payment-folio">
            Folio {payment.folio}
          </Text>
          <Text size="sm">
            {formatDateTime(payment.createdOn)} · {formatPesos(payment.amount)} ·{' '}
            {STATUS_TEXT[payment.status] ?? payment.status}
          </Text>
          <Text size="xs" c="dimmed">
            Guarda este folio para cualquier aclaración.
          </Text>
        </Stack>
      </Alert>
      <BusinessContact />
    </Stack>
  );
}
