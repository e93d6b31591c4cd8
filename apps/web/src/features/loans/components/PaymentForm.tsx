import { Center, Group, Loader, Radio, SegmentedControl, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  type Loan,
  type PaymentMethod,
  type PendingPayments,
  paymentRequest,
  pesosToCents,
} from '@prestaya/contracts';
import { oldestFirst, selectPayment, toggleCount } from '@prestaya/domain';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { isFileRefusalStatus } from '../../../components/ImageDropzone.tsx';
import { RetryAlert } from '../../../components/QueryState.tsx';
import { isApiError } from '../../../lib/api.ts';
import { useIdempotencyKey, useOneAtATime } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { usePendingPayments } from '../api/get-pending-payments.ts';
import { submitPayment, useRegisterPayment } from '../api/register-payment.ts';
import {
  PAYMENT_MODE_ABONO,
  PAYMENT_MODE_ITEMS,
  PAYMENT_REGISTER_FAILED,
  PAYMENT_REGISTERED,
} from '../payment-labels.ts';
import { AbonoForm } from './AbonoForm.tsx';
import { PaymentProofDropzone } from './PaymentProofDropzone.tsx';
import { PaymentTotalBar } from './PaymentTotalBar.tsx';
import { PendingFeesPanel, PendingInstallmentsTable } from './PendingItemTables.tsx';

export const NOTHING_PENDING_TEXT = 'Este préstamo no tiene pagos pendientes';

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
        <PendingInstallmentsTable
          installments={installments}
          ticked={ticked}
          onToggle={toggle}
          disabled={register.isPending}
        />
      )}

      {pending.fees.length > 0 && <PendingFeesPanel fees={pending.fees} />}

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

      <PaymentTotalBar totalCents={totalCents} loading={register.isPending} onSubmit={() => void submit()} />
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
