import { Text } from '@mantine/core';
import type { CashClose, CashCloseConfirmed } from '@prestaya/contracts';
import { ConfirmModal } from '../../../components/ConfirmModal.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { TargetAccountSelect, useTargetAccount } from '../../../components/TargetAccountSelect.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useConfirmCashClose } from '../api/confirm-cash-close.ts';
import {
  ACCOUNT_REQUIRED,
  agentLabel,
  CONFIRM_FAILED,
  CONFIRM_LABEL,
  NOTHING_TO_CONFIRM,
  paymentsCount,
} from '../labels.ts';

const confirmedText = ({ confirmed, total }: CashCloseConfirmed) =>
  confirmed === 0
    ? NOTHING_TO_CONFIRM
    : `Corte confirmado: ${paymentsCount(confirmed)} por ${formatMoney(total)}`;

function ConfirmForm({ day, onClose }: { day: CashClose; onClose: () => void }) {
  const confirm = useConfirmCashClose();
  const target = useTargetAccount();
  const pending = day.payments.filter((p) => p.paymentMethod === 'CASH' && p.status === 'VALIDATING').length;

  const accept = () => {
    if (confirm.isPending) return;
    const accountId = target.take();
    if (!accountId) return;
    confirm.mutate(
      { agentId: day.agent.id, date: day.date, targetAccountId: accountId },
      {
        onSuccess: (result) => {
          notify.success(confirmedText(result));
          onClose();
        },
        // The dialog stays open: another account may be chosen once the reloaded day is read.
        onError: (error) => notify.apiError(error, CONFIRM_FAILED),
      },
    );
  };

  return (
    <ConfirmModal
      opened
      title={CONFIRM_LABEL}
      onClose={onClose}
      onConfirm={accept}
      confirmLabel={CONFIRM_LABEL}
      loading={confirm.isPending}
    >
      <Text size="sm">
        Se confirmarán {paymentsCount(pending)} en efectivo de {agentLabel(day.agent)} del{' '}
        {formatDate(day.date)} por <MoneyText value={day.totals.cashPending} fw={700} />: un abono por pago en
        la cuenta donde ingresó el efectivo.
      </Text>
      <TargetAccountSelect {...target.field} error={target.missing && ACCOUNT_REQUIRED} />
    </ConfirmModal>
  );
}

/** 'Confirmar corte': the required 'Cuenta destino', then POST /cash-close/confirm. */
export function ConfirmCashCloseDialog({
  day,
  opened,
  onClose,
}: {
  day: CashClose;
  opened: boolean;
  onClose: () => void;
}) {
  // Mounted only while open: every opening starts without an account and reloads the balances.
  return opened ? <ConfirmForm day={day} onClose={onClose} /> : null;
}
