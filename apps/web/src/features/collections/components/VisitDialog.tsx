import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  type CollectionCard,
  PROMISE_MAX_DAYS,
  pesosToCents,
  VISIT_NOTE_MAX,
  VISIT_OUTCOME_LABELS,
  VISIT_OUTCOMES,
  type VisitOutcome,
  visitNote,
} from '@prestaya/contracts';
import { addDays } from '@prestaya/domain';
import { IconDoorOff, IconHandOff, IconPigMoney } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { businessToday, formatDate, formatMoney, fullName } from '../../../lib/format.ts';
import { newIdempotencyKey, useOneAtATime } from '../../../lib/idempotency.ts';
import { notify } from '../../../lib/notify.ts';
import { useRecordVisit } from '../api/record-visit.ts';

export interface VisitDialogProps {
  /** The card visited; null when the dialog is closed. */
  card: CollectionCard | null;
  /** The signed-in user, who makes the visit. */
  agentId: string;
  onClose: () => void;
  /** The phone's clock (tests pass a fixed one). */
  now?: () => Date;
}

const OUTCOME_ICONS: Record<VisitOutcome, ReactNode> = {
  NOT_HOME: <IconDoorOff size={22} aria-hidden />,
  PROMISE: <IconPigMoney size={22} aria-hidden />,
  REFUSED: <IconHandOff size={22} aria-hidden />,
};

export const VISIT_SAVED = 'Visita registrada';
export const VISIT_QUEUED = 'Visita guardada en el teléfono; se enviará sola al volver la señal.';
export const VISIT_NOT_SAVED = 'No se registró la visita';

interface Errors {
  outcome?: string;
  promisedDate?: string;
  promisedAmount?: string;
  note?: string;
}

/**
 * 'Visita': what happened at the door in three big choices ('No estaba', 'Promesa de pago', 'Se
 * negó'), a promise's day and amount, a note; kept on the phone first and sent like a payment. The
 * form checks what it can know (the day from today to 30 days on, the amount up to the balance); the
 * server decides.
 */
function VisitForm({
  card,
  agentId,
  now,
  onDone,
  onCancel,
}: {
  card: CollectionCard;
  agentId: string;
  now: () => Date;
  onDone: () => void;
  onCancel: () => void;
}) {
  const record = useRecordVisit();
  const once = useOneAtATime();
  const today = businessToday(now());
  const lastDay = addDays(today, PROMISE_MAX_DAYS);
  const balance = card.loan.currentBalance;
  const [outcome, setOutcome] = useState<VisitOutcome | null>(null);
  const [promisedDate, setPromisedDate] = useState(today);
  const [promisedAmount, setPromisedAmount] = useState<number | string>('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  function validate(): Errors {
    const found: Errors = {};
    if (!outcome) found.outcome = 'Elija qué pasó en la visita';
    const parsedNote = visitNote.safeParse(note);
    if (!parsedNote.success) found.note = parsedNote.error.issues[0]?.message;
    if (outcome === 'PROMISE') {
      if (!promisedDate) found.promisedDate = 'Indique la fecha de la promesa';
      else if (promisedDate < today || promisedDate > lastDay) {
        found.promisedDate = `La fecha debe ser de hoy al ${formatDate(lastDay)}`;
      }
      const amount = amountValue(promisedAmount);
      if (amount === undefined) found.promisedAmount = 'Indique el monto prometido';
      else if (!Number.isFinite(amount) || pesosToCents(amount) < 1) {
        found.promisedAmount = 'El monto debe ser mayor a 0';
      } else if (pesosToCents(amount) > pesosToCents(balance)) {
        found.promisedAmount = `El monto no puede ser mayor al saldo (${formatMoney(balance)})`;
      }
    }
    return found;
  }

  const submit = () =>
    once(async () => {
      const found = validate();
      setErrors(found);
      if (Object.keys(found).length > 0 || !outcome) return;
      setSending(true);
      setRefusal(null);
      const promise = outcome === 'PROMISE';
      const amount = amountValue(promisedAmount);
      try {
        const result = await record({
          key: newIdempotencyKey(),
          agentId,
          loanId: card.loan.id,
          loanNum: card.loan.num,
          customerName: fullName(card.customer),
          outcome,
          visitedAt: now().toISOString(),
          promisedDate: promise ? promisedDate : null,
          promisedAmountCents: promise && amount !== undefined ? pesosToCents(amount) : null,
          note: note.trim() || null,
        });
        if (result.kind === 'refused') {
          setSending(false);
          setRefusal(result.detail);
          return;
        }
        if (result.kind === 'sent') notify.success(VISIT_SAVED);
        else notify.info(VISIT_QUEUED);
        onDone();
      } catch {
        setSending(false);
        setRefusal('No se pudo guardar la visita en este teléfono. Intente de nuevo.');
      }
    });

  return (
    <Stack gap="sm">
      <Text size="sm">
        {fullName(card.customer)} · Préstamo No. {card.loan.num}
      </Text>
      <Stack gap={6} role="group" aria-label="¿Qué pasó?">
        {VISIT_OUTCOMES.map((value) => (
          <Button
            key={value}
            size="lg"
            fullWidth
            justify="flex-start"
            variant={outcome === value ? 'filled' : 'default'}
            aria-pressed={outcome === value}
            leftSection={OUTCOME_ICONS[value]}
            onClick={() => {
              setOutcome(value);
              setErrors({});
            }}
            disabled={sending}
          >
            {VISIT_OUTCOME_LABELS[value]}
          </Button>
        ))}
        {errors.outcome && (
          <Text size="sm" c="red" role="alert">
            {errors.outcome}
          </Text>
        )}
      </Stack>
      {outcome === 'PROMISE' && (
        <Group grow gap="sm" align="flex-start">
          <TextInput
            type="date"
            label="Fecha de la promesa"
            value={promisedDate}
            min={today}
            max={lastDay}
            onChange={(event) => setPromisedDate(event.currentTarget.value)}
            error={errors.promisedDate}
            required
            disabled={sending}
          />
          <MoneyInput
            label="Monto prometido"
            value={promisedAmount}
            onChange={setPromisedAmount}
            error={errors.promisedAmount}
            required
            disabled={sending}
          />
        </Group>
      )}
      <TextInput
        label="Nota"
        description="Opcional"
        value={note}
        maxLength={VISIT_NOTE_MAX}
        onChange={(event) => setNote(event.currentTarget.value)}
        error={errors.note}
        disabled={sending}
      />
      {refusal && (
        <Alert color="red" variant="light" role="alert" title={VISIT_NOT_SAVED}>
          {refusal}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
        <Button onClick={() => void submit()} loading={sending}>
          Guardar visita
        </Button>
      </Group>
    </Stack>
  );
}

export function VisitDialog({ card, agentId, onClose, now = () => new Date() }: VisitDialogProps) {
  return (
    <EntityDialog opened={card !== null} onClose={onClose} title="Visita">
      {card && (
        <VisitForm
          key={card.loan.id}
          card={card}
          agentId={agentId}
          now={now}
          onDone={onClose}
          onCancel={onClose}
        />
      )}
    </EntityDialog>
  );
}
