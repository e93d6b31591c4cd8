import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import type { PaymentRequestItem } from '@prestaya/contracts';
import { IconUserCheck } from '@tabler/icons-react';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { toastOutcome } from '../../../lib/notify.ts';
import { useAuthorisePaymentRequest, usePaymentRequests } from '../api/payment-requests.ts';
import { methodLabel } from '../payment-labels.ts';

export const AUTHORISE_LABEL = 'Autorizar';

/**
 * 'Pagos por autorizar' ("Pago sin PIN", docs/product.md): the public payments the borrower sent without
 * a PIN, waiting for the customer's agent; 'Autorizar' registers each as a public payment authorised by
 * the signed-in user (the session instead of the PIN). Nothing shows while none waits.
 */
export function PendingAuthorisations({ loanId }: { loanId: string }) {
  const requests = usePaymentRequests(loanId);
  const authorise = useAuthorisePaymentRequest();
  const waiting: PaymentRequestItem[] = requests.data ?? [];
  if (waiting.length === 0) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      title="Pagos por autorizar"
      icon={<IconUserCheck size={18} aria-hidden />}
      aria-label="Pagos por autorizar"
    >
      <Stack gap="xs">
        <Text size="sm">El cliente registró estos pagos sin PIN; autorícelos si los recibió.</Text>
        {waiting.map((request) => (
          <Group key={request.id} justify="space-between" gap="sm" wrap="wrap" data-testid="payment-request">
            <Text size="sm">
              {formatDateTime(request.createdOn)} · <MoneyText value={request.amount} /> ·{' '}
              {methodLabel(request.paymentMethod)}
            </Text>
            <Button
              size="xs"
              loading={authorise.isPending && authorise.variables === request.id}
              disabled={authorise.isPending}
              onClick={() =>
                authorise.mutate(
                  request.id,
                  toastOutcome('Pago autorizado; queda en validación', 'No se pudo autorizar el pago'),
                )
              }
            >
              {AUTHORISE_LABEL}
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
