import {
  Box,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Radio,
  SegmentedControl,
  Stack,
  Table,
  Text,
  ThemeIcon,
  VisuallyHidden,
} from '@mantine/core';
import {
  formatCents,
  type Loan,
  type PaymentMethod,
  type PendingPayments,
  paymentRequest,
  pesosToCents,
  SCHEDULED_PAYMENT_STATUS_LABELS,
} from '@prestaya/contracts';
import { oldestFirst, selectPayment, toggleCount } from '@prestaya/domain';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { type ReactNode, useMemo, useState } from 'react';
import { isFileRefusalStatus } from '../../../components/ImageDropzone.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { RetryAlert } from '../../../components/QueryState.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { useIdempotencyKey, useOneAtATime } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { submitPayment, useRegisterPayment } from '../api/register-payment.ts';
import {
  FEE_STATUS_BADGES,
  FEES_ALWAYS_INCLUDED,
  PAYMENT_MODE_ABONO,
  PAYMENT_MODE_ITEMS,
  PAYMENT_REGISTER_FAILED,
  PAYMENT_REGISTERED,
} from '../payment-labels.ts';
import { AbonoForm } from './AbonoForm.tsx';
import { PaymentProofDropzone } from './PaymentProofDropzone.tsx';

export const NOTHING_PENDING_TEXT = 'Este préstamo no tiene pagos pendientes';

interface ItemCellsProps {
  concept: ReactNode;
  /** 'YYYY-MM-DD': its own column, or under the concept on a phone. */
  date: string;
  datePrefix?: string;
  status: ReactNode;
  amount: number;
}

/** The cells an installment and a fee share: concept, date, status, amount. */
function ItemCells({ concept, date, datePrefix = '', status, amount }: ItemCellsProps) {
  return (
    <>
      <Table.Td>
        {concept}
        <Text size="xs" c="dimmed" hiddenFrom="xs">
          {datePrefix}
          {formatDate(date)}
        </Text>
      </Table.Td>
      <Table.Td visibleFrom="xs">{formatDate(date)}</Table.Td>
      <Table.Td>{status}</Table.Td>
      <Table.Td ta="right">
        <MoneyText value={amount} />
      </Table.Td>
    </>
  );
}

function Form({ loan, pending, onDone }: { loan: Loan; pending: PendingPayments; onDone: () => void }) {
  const register = useRegisterPayment();
  const installments = useMemo(() => oldestFirst(pending.scheduledPayments), [pending]);
  // Oldest first (docs/architecture.md "Payments"): the ticked installments are the first `ticked` ones.
  const [ticked, setTicked] = useState(0);
  const [method, setMethod] = useState<PaymentMethod>('CASH');
  const [file, setFile] = useState<File | null>(null);
  const selection = selectPayment(installments, pending.fees, ticked, (item) => pesosToCents(item.amount));
  // Only shown: the server computes the payment's amount from the ids.
  const totalCents = selection.amountCents;

  const toggle = (index: number, checked: boolean) =>
    setTicked((count) => toggleCount(count, index, checked));

  // One key per selection: a double click or a retry of the same payment is answered with the first.
  const idempotencyKey = useIdempotencyKey(ticked, method, file);
  const once = useOneAtATime();

  const submit = () =>
    once(async () => {
      if (totalCents <= 0) return;
      const request = paymentRequest.parse({
        scheduledPaymentIds: selection.scheduledPaymentIds,
        feeIds: selection.feeIds,
        paymentMethod: method,
      });
      const sent = await submitPayment(
        register,
        { loanId: loan.id, request, file: method === 'TRANSFER' ? file : null, idempotencyKey },
        PAYMENT_REGISTER_FAILED,
        (error) => {
          // A refused image leaves the ticked installments valid: drop only the file, to be chosen again.
          if (isApiError(error) && isFileRefusalStatus(error.status)) setFile(null);
          // What is pending may have changed (another payment, a cancelled fine): start over.
          else setTicked(0);
        },
      );
      if (!sent) return;
      notify.success(PAYMENT_REGISTERED);
      onDone();
    });

  if (installments.length === 0 && pending.fees.length === 0) {
    return (
      <Stack align="center" gap="xs" py="lg">
        <ThemeIcon size={44} radius="xl" variant="light" color="teal" aria-hidden>
          <IconCircleCheck size={24} />
        </ThemeIcon>
        <Text size="sm" c="dimmed" ta="center">
          {NOTHING_PENDING_TEXT}
        </Text>
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      {installments.length > 0 && (
        <Table.ScrollContainer minWidth={300}>
          <Table verticalSpacing="xs" highlightOnHover aria-label="Pagos pendientes">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <VisuallyHidden>Pagar</VisuallyHidden>
                </Table.Th>
                <Table.Th>Concepto</Table.Th>
                <Table.Th visibleFrom="xs">Vence</Table.Th>
                <Table.Th>Estatus</Table.Th>
                <Table.Th ta="right">Monto</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {installments.map((installment, index) => (
                <Table.Tr
                  key={installment.id}
                  bg={index < ticked ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  <Table.Td>
                    <Checkbox
                      aria-label={installment.concept}
                      checked={index < ticked}
                      onChange={(event) => toggle(index, event.currentTarget.checked)}
                      disabled={register.isPending}
                    />
                  </Table.Td>
                  <ItemCells
                    concept={
                      <Text inherit style={{ whiteSpace: 'nowrap' }}>
                        {installment.concept}
                      </Text>
                    }
                    date={installment.dueDate}
                    datePrefix="Vence "
                    status={
                      <Text size="sm" c={installment.status === 'DELAYED' ? 'red' : undefined}>
                        {SCHEDULED_PAYMENT_STATUS_LABELS[installment.status]}
                      </Text>
                    }
                    amount={installment.amount}
                  />
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}

      {pending.fees.length > 0 && (
        <Paper withBorder radius="md" p="sm">
          <Stack gap="xs">
            <Group gap={6}>
              <IconInfoCircle size={16} aria-hidden />
              <Text size="sm" fw={500}>
                {FEES_ALWAYS_INCLUDED}
              </Text>
            </Group>
            <Table verticalSpacing={4} aria-label="Multas pendientes">
              <Table.Tbody>
                {pending.fees.map((fee) => (
                  <Table.Tr key={fee.id}>
                    <ItemCells
                      concept={fee.concept}
                      date={fee.feeDate}
                      status={
                        <Box miw="max-content">
                          <StatusBadge value={fee.status} labels={FEE_STATUS_BADGES} />
                        </Box>
                      }
                      amount={fee.amount}
                    />
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      )}

      <Radio.Group
        label="Método de pago"
        value={method}
        onChange={(value) => setMethod(value as PaymentMethod)}
      >
        <Group gap="lg" mt={6}>
          <Radio value="CASH" label="Efectivo" disabled={register.isPending} />
          <Radio value="TRANSFER" label="Transferencia" disabled={register.isPending} />
        </Group>
      </Radio.Group>

      {method === 'TRANSFER' && (
        <PaymentProofDropzone file={file} onChange={setFile} disabled={register.isPending} />
      )}

      {/* Total and the button stay in view while the installments scroll (12 of them on a phone). */}
      <Box
        pos="sticky"
        bottom={0}
        py="sm"
        bg="var(--mantine-color-body)"
        style={{ zIndex: 1, borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" align="center" gap="sm">
          <Stack gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="payment-form-total">
              Total
            </Text>
            <Text
              fz={24}
              fw={700}
              lh={1.1}
              aria-labelledby="payment-form-total"
              data-testid="payment-form-total"
            >
              {formatCents(totalCents)}
            </Text>
          </Stack>
          <Button onClick={() => void submit()} disabled={totalCents <= 0} loading={register.isPending}>
            {totalCents > 0 ? `Registrar Pago por ${formatCents(totalCents)}` : 'Registrar Pago'}
          </Button>
        </Group>
      </Box>
    </Stack>
  );
}

export interface PaymentFormProps {
  loan: Loan;
  /** After a registered payment (the dialog closes; the loan lists reload). */
  onDone: () => void;
}

/** 'Registro de Pago' (docs/product.md §2): tick installments oldest first, fees always included, method, proof. */
export function PaymentForm({ loan, onDone }: PaymentFormProps) {
  const pending = usePendingPayments(loan.id);
  if (pending.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Cargando pagos pendientes" />
      </Center>
    );
  }
  if (pending.isError) {
    return (
      <RetryAlert text="No se pudieron cargar los pagos pendientes." onRetry={() => void pending.refetch()} />
    );
  }
  return <PaymentModes loan={loan} pending={pending.data} onDone={onDone} />;
}

/**
 * The specification's tick form, the default, and beside it 'Abono' (an amount). A loan with nothing
 * pending shows only the tick form's empty state.
 */
function PaymentModes({
  loan,
  pending,
  onDone,
}: {
  loan: Loan;
  pending: PendingPayments;
  onDone: () => void;
}) {
  const [mode, setMode] = useState<'items' | 'abono'>('items');
  if (pending.scheduledPayments.length === 0 && pending.fees.length === 0) {
    return <Form loan={loan} pending={pending} onDone={onDone} />;
  }
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label="Forma de pago"
        value={mode}
        onChange={(value) => setMode(value === 'abono' ? 'abono' : 'items')}
        data={[
          { value: 'items', label: PAYMENT_MODE_ITEMS },
          { value: 'abono', label: PAYMENT_MODE_ABONO },
        ]}
        fullWidth
      />
      {mode === 'items' ? (
        <Form loan={loan} pending={pending} onDone={onDone} />
      ) : (
        <AbonoForm loan={loan} pending={pending} onDone={onDone} />
      )}
    </Stack>
  );
}
