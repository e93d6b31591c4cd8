import { Alert, Button, Checkbox, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { type CollectionCard, centsToPesos, formatCents, pesosToCents } from '@prestaya/contracts';
import { ABONO_MIN_CENTS, oldestFirst, selectPayment, toggleCount, totalCents } from '@prestaya/domain';
import { IconInfoCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { formatDate, fullName } from '../../../lib/format.ts';
import { newIdempotencyKey, useOneAtATime } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { type CollectOutcome, useCollectPayment } from '../api/collect-payment.ts';
import { CollectResult, NOT_REGISTERED } from './CollectResult.tsx';

export interface CollectDialogProps {
  /** The card being collected; null when the dialog is closed. */
  card: CollectionCard | null;
  /** The signed-in user, who takes the payment. */
  agentId: string;
  origin: string;
  onClose: () => void;
}

/**
 * 'Cobrar': what is due now with every pending fine included and the installments ticked oldest first
 * (all of them by default), one tap to register it as a CASH payment, then the receipt to share. Or
 * 'Abono': an amount the server allocates to the fines, then the installments, oldest first; queued
 * on the phone like any collection when there is no signal.
 */
function CollectForm({
  card,
  agentId,
  onOutcome,
  onCancel,
}: {
  card: CollectionCard;
  agentId: string;
  onOutcome: (outcome: CollectOutcome) => void;
  onCancel: () => void;
}) {
  const collect = useCollectPayment();
  const installments = useMemo(() => oldestFirst(card.due.scheduledPayments), [card]);
  const fees = card.due.fees;
  const [ticked, setTicked] = useState(installments.length);
  const [mode, setMode] = useState<'items' | 'abono'>('items');
  const [abonoValue, setAbonoValue] = useState<string | number>('');
  const [sending, setSending] = useState(false);
  const once = useOneAtATime();
  // Closed while sending: a refusal still reaches the agent, as a notification.
  const open = useRef(true);
  useEffect(
    () => () => {
      open.current = false;
    },
    [],
  );
  const settle = (outcome: CollectOutcome) => {
    if (open.current) onOutcome(outcome);
    else if (outcome.kind === 'refused') notify.error(NOT_REGISTERED, outcome.detail);
  };
  // A preview: the server computes the payment's amount from the ids.
  const selection = selectPayment(installments, fees, ticked, (item) => pesosToCents(item.amount));
  const abonoPesos = amountValue(abonoValue);
  const abonoCents = abonoPesos !== undefined && Number.isFinite(abonoPesos) ? pesosToCents(abonoPesos) : 0;
  // The loan's balance bounds the abono here; the server bounds it by what remains unpaid and unheld.
  const balanceCents = pesosToCents(card.loan.currentBalance);
  const abonoError =
    abonoValue === '' || abonoCents === 0
      ? null
      : abonoCents < ABONO_MIN_CENTS
        ? `El abono debe ser de al menos ${formatCents(ABONO_MIN_CENTS)}`
        : abonoCents > balanceCents
          ? `El abono no puede ser mayor al saldo (${formatCents(balanceCents)})`
          : null;
  const abono = mode === 'abono';
  const cents = abono ? (abonoError === null ? abonoCents : 0) : selection.amountCents;
  const finesCents = totalCents(fees, (fee) => pesosToCents(fee.amount));

  const submit = () =>
    once(async () => {
      if (cents <= 0) return;
      setSending(true);
      try {
        settle(
          await collect({
            key: newIdempotencyKey(),
            agentId,
            loanId: card.loan.id,
            loanNum: card.loan.num,
            customerName: fullName(card.customer),
            scheduledPaymentIds: abono ? [] : selection.scheduledPaymentIds,
            feeIds: abono ? [] : selection.feeIds,
            amountCents: cents,
            ...(abono ? { abono: true } : {}),
          }),
        );
      } catch {
        // The phone could not even keep it (storage full or blocked): nothing was taken.
        setSending(false);
        settle({
          kind: 'refused',
          detail: 'No se pudo guardar el cobro en este teléfono. Intente de nuevo.',
        });
      }
    });

  return (
    <Stack gap="sm">
      <Text size="sm">
        {fullName(card.customer)} · Préstamo No. {card.loan.num}
      </Text>
      <SegmentedControl
        aria-label="Forma de cobro"
        value={mode}
        onChange={(value) => setMode(value === 'abono' ? 'abono' : 'items')}
        data={[
          { value: 'items', label: 'Lo que vence' },
          { value: 'abono', label: 'Abono' },
        ]}
        disabled={sending}
        fullWidth
      />
      {abono ? (
        <Stack gap={4}>
          <MoneyInput
            label="Monto del abono"
            description={`Paga primero las multas y luego los pagos más antiguos. Saldo ${formatCents(balanceCents)}.`}
            value={abonoValue}
            onChange={setAbonoValue}
            min={0}
            max={centsToPesos(balanceCents)}
            error={abonoError}
            disabled={sending}
            data-autofocus
          />
        </Stack>
      ) : (
        <>
          {installments.length > 0 && (
            <Stack gap={6} role="group" aria-label="Pagos a cobrar">
              {installments.map((item, index) => (
                <Group key={item.id} justify="space-between" wrap="nowrap" gap="xs">
                  <Checkbox
                    label={`${item.concept} · vence ${formatDate(item.dueDate)}`}
                    checked={index < ticked}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked;
                      setTicked((count) => toggleCount(count, index, checked));
                    }}
                    disabled={sending}
                  />
                  <MoneyText size="sm" value={item.amount} />
                </Group>
              ))}
            </Stack>
          )}
          {fees.length > 0 && (
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap={6} wrap="nowrap">
                <IconInfoCircle size={16} aria-hidden />
                <Text size="sm">Multas pendientes ({fees.length}), se incluyen siempre</Text>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                {formatCents(finesCents)}
              </Text>
            </Group>
          )}
        </>
      )}
      <Group
        justify="space-between"
        wrap="nowrap"
        pt="xs"
        style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
      >
        <Text fw={600} id="collect-total-label">
          {abono ? 'Abono en efectivo' : 'Total en efectivo'}
        </Text>
        <Text fz={22} fw={700} aria-labelledby="collect-total-label" data-testid="collect-total">
          {formatCents(cents)}
        </Text>
      </Group>
      <Alert color="gray" variant="light" p="xs">
        <Text size="xs">
          Queda 'En validación' hasta que un administrador lo confirme en el corte de caja.
        </Text>
      </Alert>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
        <Button onClick={() => void submit()} disabled={cents <= 0 || sending} loading={sending}>
          {abono ? 'Cobrar abono' : 'Cobrar'} {formatCents(cents)}
        </Button>
      </Group>
    </Stack>
  );
}

export function CollectDialog({ card, agentId, origin, onClose }: CollectDialogProps) {
  const [outcome, setOutcome] = useState<CollectOutcome | null>(null);
  const close = () => {
    setOutcome(null);
    onClose();
  };
  return (
    <EntityDialog opened={card !== null} onClose={close} title={outcome ? 'Cobro' : 'Cobrar'}>
      {card && !outcome && (
        <CollectForm
          key={card.loan.id}
          card={card}
          agentId={agentId}
          onOutcome={setOutcome}
          onCancel={close}
        />
      )}
      {card && outcome && <CollectResult card={card} outcome={outcome} origin={origin} onClose={close} />}
    </EntityDialog>
  );
}
