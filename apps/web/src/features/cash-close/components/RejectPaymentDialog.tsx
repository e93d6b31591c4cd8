import { Text, Textarea } from '@mantine/core';
import type { CashClosePayment } from '@prestaya/contracts';
import { useState } from 'react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { useRejectPayment } from '../api/reject-payment.ts';
import { fullName, REASON_MAX, REJECT_FAILED, rejectionReason } from '../labels.ts';

function RejectForm({ payment, onClose }: { payment: CashClosePayment; onClose: () => void }) {
  const reject = useRejectPayment();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const checked = rejectionReason.safeParse(reason);
  const error = touched && !checked.success ? checked.error.issues[0]?.message : undefined;

  const accept = () => {
    setTouched(true);
    if (!checked.success || reject.isPending) return;
    reject.mutate(
      { id: payment.id, reason: checked.data },
      // Refused or not, the dialog closes: the reloaded day shows where the payment stands.
      toastOutcome('Pago rechazado', REJECT_FAILED, { onSuccess: onClose, onError: onClose }),
    );
  };

  return (
    <ConfirmModal
      opened
      title="Rechazar pago"
      onClose={onClose}
      onConfirm={accept}
      confirmLabel="Rechazar"
      confirmColor="red"
      loading={reject.isPending}
    >
      <Text size="sm">
        El pago de <MoneyText value={payment.amount} fw={700} /> del préstamo No. {payment.loan.num} (
        {fullName(payment.customer)}) sale del corte y sus conceptos vuelven a quedar pendientes.
      </Text>
      <Textarea
        label="Motivo del rechazo"
        description="Queda en el historial del pago y lo ve el agente."
        value={reason}
        onChange={(event) => setReason(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        error={error}
        maxLength={REASON_MAX}
        rows={3}
        withAsterisk
        required
        data-autofocus
      />
    </ConfirmModal>
  );
}

/** 'Rechazar' from a corte: the reason is required (PATCH /payments/{id} with it). */
export function RejectPaymentDialog({
  payment,
  onClose,
}: {
  payment: CashClosePayment | null;
  onClose: () => void;
}) {
  // Mounted only while open: every opening starts with an empty reason.
  return payment ? <RejectForm key={payment.id} payment={payment} onClose={onClose} /> : null;
}
