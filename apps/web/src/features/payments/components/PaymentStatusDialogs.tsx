import { Alert, Text } from '@mantine/core';
import { type PaymentDetails, paymentStatusUpdate } from '@prestaya/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { ReasonDialog, reasonCallbacks } from '../../../components/ReasonDialog.tsx';
import { TargetAccountSelect, useTargetAccount } from '../../../components/TargetAccountSelect.tsx';
import { toastOutcome } from '../../../lib/notify.ts';
import { useUpdatePaymentStatus } from '../api/update-payment-status.ts';
import {
  CONFIRM_TITLE,
  PAYMENT_CONFIRMED,
  PAYMENT_REJECTED,
  PAYMENT_UPDATE_FAILED,
  REJECT_QUESTION,
  REJECT_TITLE,
  TARGET_ACCOUNT_REQUIRED,
} from '../labels.ts';

type Payment = PaymentDetails['payment'];

/** Either way the dialog closes; a toast says how it went. */
const closingCallbacks = (success: string, onClose: () => void) =>
  toastOutcome(success, PAYMENT_UPDATE_FAILED, { onSuccess: onClose, onError: onClose });

interface DialogProps {
  payment: Payment;
  opened: boolean;
  onClose: () => void;
}

function ConfirmForm({ payment, onClose }: Omit<DialogProps, 'opened'>) {
  const update = useUpdatePaymentStatus();
  const target = useTargetAccount();

  const accept = () => {
    if (update.isPending) return;
    // docs/product.md §5/§8: confirming needs the destination account.
    const accountId = target.take();
    if (!accountId) return;
    const body = paymentStatusUpdate.parse({ status: 'PAID', targetAccountId: accountId });
    update.mutate({ id: payment.id, body }, closingCallbacks(PAYMENT_CONFIRMED, onClose));
  };

  return (
    <ConfirmModal
      opened
      title={CONFIRM_TITLE}
      onClose={onClose}
      onConfirm={accept}
      loading={update.isPending}
    >
      <Text size="sm">
        Se abonarán <MoneyText value={payment.amount} fw={700} /> del préstamo No. {payment.loan.num} a la
        cuenta donde ingresó el pago.
      </Text>
      <TargetAccountSelect {...target.field} error={target.missing} />
      {target.missing && (
        <Alert color="red" variant="light" role="alert" icon={<IconAlertCircle size={18} aria-hidden />}>
          {TARGET_ACCOUNT_REQUIRED}
        </Alert>
      )}
    </ConfirmModal>
  );
}

/** '¿Aceptar CONFIRMACIÓN del pago?': the required 'Cuenta destino' (page 1, size 30), then PATCH PAID. */
export function ConfirmPaymentDialog({ payment, opened, onClose }: DialogProps) {
  // Mounted only while open: every opening starts without an account and reloads the balances.
  return opened ? <ConfirmForm key={payment.id} payment={payment} onClose={onClose} /> : null;
}

/** 'Pago Rechazado' asking '¿Confirma RECHAZAR el pago?' and its required 'Motivo', then PATCH REJECTED. */
export function RejectPaymentDialog({ payment, opened, onClose }: DialogProps) {
  const update = useUpdatePaymentStatus();
  return (
    <ReasonDialog
      opened={opened}
      title={REJECT_TITLE}
      onClose={onClose}
      onConfirm={(reason, outcome) =>
        update.mutate(
          { id: payment.id, body: paymentStatusUpdate.parse({ status: 'REJECTED', reason }) },
          reasonCallbacks({ success: PAYMENT_REJECTED, failure: PAYMENT_UPDATE_FAILED }, onClose, outcome),
        )
      }
      confirmColor="red"
      loading={update.isPending}
    >
      <Text size="sm">{REJECT_QUESTION}</Text>
      <Text size="sm" c="dimmed">
        Los conceptos del pago (<MoneyText value={payment.amount} />) vuelven a quedar pendientes.
      </Text>
    </ReasonDialog>
  );
}
