import { Box, Button, Group, Radio, Stack, Table, Text } from '@mantine/core';
import {
  centsToPesos,
  formatCents,
  type Loan,
  type PaymentMethod,
  type PendingPayments,
  paymentRequest,
  pesosToCents,
} from '@prestaya/contracts';
import { ABONO_MIN_CENTS, allocateAbono, oldestFirst } from '@prestaya/domain';
import { useMemo, useState } from 'react';
import { isFileRefusalStatus } from '../../../components/ImageDropzone.tsx';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useIdempotencyKey, useOneAtATime } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { submitPayment, useRegisterPayment } from '../api/register-payment.ts';
import { ABONO_HINT, ABONO_REGISTERED, PAYMENT_REGISTER_FAILED } from '../payment-labels.ts';
import { PaymentProofDropzone } from './PaymentProofDropzone.tsx';

/** Whole centavos of what was typed, or null while it is not an amount (MoneyInput's amountValue). */
function centsOf(value: string | number): number | null {
  const pesos = amountValue(value);
  return pesos !== undefined && Number.isFinite(pesos) ? pesosToCents(pesos) : null;
}

/**
 * 'Abono': an amount from $1 up to what is owed instead of ticked installments. The preview is the
 * allocation rule of packages/domain abono.ts on the pending items; the server allocates again on the
 * locked rows, and its lines are the ones the receipt shows.
 */
export function AbonoForm({
  loan,
  pending,
  onDone,
}: {
  loan: Loan;
  pending: PendingPayments;
  onDone: () => void;
}) {
  const register = useRegisterPayment();
  const [value, setValue] = useState<string | number>('');
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const [file, setFile] = useState<File | null>(null);
  const owedCents = pesosToCents(pending.total);
  const cents = centsOf(value);
  const installments = useMemo(() => oldestFirst(pending.scheduledPayments), [pending]);
  const conceptOf = useMemo(
    () => new Map([...pending.fees, ...installments].map((item) => [item.id, item.concept])),
    [pending, installments],
  );
  const allocation =
    cents === null
      ? null
      : allocateAbono(
          cents,
          pending.fees.map((f) => ({ id: f.id, remainingCents: pesosToCents(f.amount) })),
          installments.map((i) => ({ id: i.id, remainingCents: pesosToCents(i.amount) })),
        );
  const error =
    cents === null || value === ''
      ? null
      : cents < ABONO_MIN_CENTS
        ? `El abono debe ser de al menos ${formatCents(ABONO_MIN_CENTS)}`
        : cents > owedCents
          ? `El abono no puede ser mayor a lo que se debe (${formatCents(owedCents)})`
          : null;
  const valid = allocation?.ok === true;

  const idempotencyKey = useIdempotencyKey('abono', cents, method, file);
  const once = useOneAtATime();
  const submit = () =>
    once(async () => {
      if (!valid || cents === null) return;
      const request = paymentRequest.parse({ abono: centsToPesos(cents), paymentMethod: method });
      const sent = await submitPayment(
        register,
        { loanId: loan.id, request, file: method === 'TRANSFER' ? file : null, idempotencyKey },
        PAYMENT_REGISTER_FAILED,
        (failure) => {
          if (isApiError(failure) && isFileRefusalStatus(failure.status)) setFile(null);
        },
      );
      if (!sent) return;
      notify.success(ABONO_REGISTERED);
      onDone();
    });

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {ABONO_HINT} Debe {formatCents(owedCents)}.
      </Text>
      <MoneyInput
        label="Monto del abono"
        value={value}
        onChange={setValue}
        min={0}
        max={centsToPesos(owedCents)}
        error={error}
        disabled={register.isPending}
        data-autofocus
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit();
        }}
      />
      {allocation?.ok && (
        <Table verticalSpacing={4} aria-label="Lo que paga el abono">
          <Table.Tbody>
            {allocation.lines.map((line) => (
              <Table.Tr key={line.id}>
                <Table.Td>{conceptOf.get(line.id)}</Table.Td>
                <Table.Td ta="right">{formatCents(line.amountCents)}</Table.Td>
                <Table.Td ta="right">
                  {line.remainingAfterCents > 0 && (
                    <Text size="xs" c="dimmed">
                      resta {formatCents(line.remainingAfterCents)}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Radio.Group label="Método de pago" value={method} onChange={(v) => setMethod(v as PaymentMethod)}>
        <Group gap="lg" mt={6}>
          <Radio value="CASH" label="Efectivo" disabled={register.isPending} />
          <Radio value="TRANSFER" label="Transferencia" disabled={register.isPending} />
        </Group>
      </Radio.Group>
      {method === 'TRANSFER' && (
        <PaymentProofDropzone file={file} onChange={setFile} disabled={register.isPending} />
      )}
      <Box
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="flex-end">
          <Button onClick={() => void submit()} disabled={!valid} loading={register.isPending}>
            {valid && cents !== null ? `Registrar Abono por ${formatCents(cents)}` : 'Registrar Abono'}
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}
