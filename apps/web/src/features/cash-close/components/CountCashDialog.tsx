import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import {
  CASH_COUNT_NOTE_MAX,
  CASH_DENOMINATIONS,
  type CashClose,
  type CashCount,
  centsToPesos,
  DENOMINATION_LABELS,
  type DenominationKey,
  pesosToCents,
} from '@prestaya/contracts';
import {
  type CashCountKind,
  cashCountDifference,
  MAX_PIECES_PER_DENOMINATION,
  sumDenominations,
} from '@prestaya/domain';
import { IconCoins } from '@tabler/icons-react';
import { useState } from 'react';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { amountValue, MoneyInput } from '../../../components/MoneyInput.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { TargetAccountSelect, useTargetAccount } from '../../../components/TargetAccountSelect.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useCloseCashDay } from '../api/close-cash-day.ts';
import {
  ACCOUNT_REQUIRED,
  agentLabel,
  CLOSE_DAY_LABEL,
  CLOSE_FAILED,
  COUNT_LABEL,
  COUNTED_REQUIRED,
  differenceColor,
  differenceText,
  NOTE_REQUIRED,
  paymentsCount,
} from '../labels.ts';

type Pieces = Partial<Record<DenominationKey, number | string>>;

/** The pieces typed as whole counts; a blank or unfinished box counts as none. */
function piecesOf(pieces: Pieces): Partial<Record<DenominationKey, number>> {
  const counts: Partial<Record<DenominationKey, number>> = {};
  for (const { key } of CASH_DENOMINATIONS) {
    const value = pieces[key];
    if (typeof value === 'number' && Number.isInteger(value) && value > 0) counts[key] = value;
  }
  return counts;
}

/** The counted amount in centavos, or undefined while it is not a valid amount yet. */
function countedCentsOf(value: number | string): number | undefined {
  const amount = amountValue(value);
  if (amount === undefined || Number.isNaN(amount) || amount < 0) return undefined;
  try {
    return pesosToCents(amount);
  } catch {
    return undefined;
  }
}

/** 'Faltante $x' / 'Sobrante $x' / 'Sin diferencia' as the count stands, before the server's word. */
function DifferencePreview({
  kind,
  differenceCents,
}: {
  kind: CashCountKind | null;
  differenceCents: number;
}) {
  return (
    <Text fw={700} c={differenceColor(kind)} data-testid="count-difference" aria-live="polite">
      {differenceText(kind, centsToPesos(differenceCents))}
    </Text>
  );
}

/** Pieces per bill and coin; each change fills the amount counted with their sum. */
function DenominationsTable({ pieces, onChange }: { pieces: Pieces; onChange: (pieces: Pieces) => void }) {
  return (
    <SimpleGrid
      cols={{ base: 2, sm: 3 }}
      spacing="xs"
      verticalSpacing="xs"
      role="group"
      aria-label="Denominaciones"
    >
      {CASH_DENOMINATIONS.map(({ key }) => (
        <NumberInput
          key={key}
          label={DENOMINATION_LABELS[key]}
          value={pieces[key] ?? ''}
          onChange={(value) => onChange({ ...pieces, [key]: value })}
          min={0}
          max={MAX_PIECES_PER_DENOMINATION}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
          hideControls
          inputMode="numeric"
          placeholder="0"
          size="sm"
        />
      ))}
    </SimpleGrid>
  );
}

function CountForm({ day, onClose }: { day: CashClose; onClose: () => void }) {
  const target = useTargetAccount();
  const close = useCloseCashDay();
  const [counted, setCounted] = useState<number | string>('');
  const [byDenomination, setByDenomination] = useState(false);
  const [pieces, setPieces] = useState<Pieces>({});
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [reviewing, setReviewing] = useState(false);

  const expectedCents = pesosToCents(day.totals.cash);
  const countedCents = countedCentsOf(counted);
  const difference = countedCents === undefined ? null : cashCountDifference(expectedCents, countedCents);
  const noteMissing = difference?.kind != null && note.trim() === '';
  const pending = day.payments.filter((p) => p.paymentMethod === 'CASH' && p.status === 'VALIDATING').length;

  const changePieces = (next: Pieces) => {
    setPieces(next);
    setCounted(centsToPesos(sumDenominations(piecesOf(next))));
  };

  const review = () => {
    setTried(true);
    const accountId = target.take();
    if (countedCents === undefined || noteMissing || !accountId) return;
    setReviewing(true);
  };

  const accept = () => {
    const accountId = target.take();
    if (close.isPending || countedCents === undefined || !accountId) return;
    close.mutate(
      {
        agentId: day.agent.id,
        date: day.date,
        targetAccountId: accountId,
        counted: centsToPesos(countedCents),
        denominations: byDenomination ? piecesOf(pieces) : null,
        note: note.trim() || null,
      },
      {
        onSuccess: (closed: CashCount) => {
          notify.success(`Día cerrado: ${differenceText(closed.kind, closed.difference)}`);
          onClose();
        },
        onError: (error) => {
          notify.apiError(error, CLOSE_FAILED);
          setReviewing(false);
        },
      },
    );
  };

  if (reviewing && difference && countedCents !== undefined) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          Se cerrará el día {formatDate(day.date)} de {agentLabel(day.agent)}
          {pending > 0 ? ` y se confirmarán ${paymentsCount(pending)} en efectivo en la cuenta elegida` : ''}.
          Un día cerrado no se puede volver a cerrar.
        </Text>
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between">
            <Text size="sm">Efectivo esperado</Text>
            <MoneyText value={day.totals.cash} fw={600} />
          </Group>
          <Group justify="space-between">
            <Text size="sm">Efectivo contado</Text>
            <MoneyText value={centsToPesos(countedCents)} fw={600} />
          </Group>
          <Group justify="space-between">
            <Text size="sm">Diferencia</Text>
            <DifferencePreview {...difference} />
          </Group>
        </Paper>
        {note.trim() && (
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            Nota: {note.trim()}
          </Text>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={() => setReviewing(false)} disabled={close.isPending}>
            Volver
          </Button>
          <Button onClick={accept} loading={close.isPending}>
            {CLOSE_DAY_LABEL}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm">Efectivo esperado</Text>
        <MoneyText value={day.totals.cash} fw={700} data-testid="count-expected" />
      </Group>
      <MoneyInput
        label="Efectivo contado"
        value={counted}
        onChange={setCounted}
        readOnly={byDenomination}
        withAsterisk
        error={tried && countedCents === undefined ? COUNTED_REQUIRED : undefined}
        description={byDenomination ? 'La suma de las denominaciones' : undefined}
        data-autofocus
      />
      <Button
        variant="subtle"
        size="compact-sm"
        leftSection={<IconCoins size={16} aria-hidden />}
        onClick={() => setByDenomination((open) => !open)}
        aria-expanded={byDenomination}
        style={{ alignSelf: 'flex-start' }}
      >
        {byDenomination ? 'Capturar solo el total' : 'Contar por denominación'}
      </Button>
      {byDenomination && <DenominationsTable pieces={pieces} onChange={changePieces} />}
      <Group justify="space-between" gap="xs">
        <Text size="sm">Diferencia</Text>
        {difference ? (
          <DifferencePreview {...difference} />
        ) : (
          <Text c="dimmed" data-testid="count-difference">
            —
          </Text>
        )}
      </Group>
      <Textarea
        label="Nota"
        description="Obligatoria si hay faltante o sobrante"
        value={note}
        onChange={(event) => setNote(event.currentTarget.value)}
        maxLength={CASH_COUNT_NOTE_MAX}
        rows={2}
        withAsterisk={difference?.kind != null}
        error={tried && noteMissing ? NOTE_REQUIRED : undefined}
      />
      <TargetAccountSelect {...target.field} error={target.missing && ACCOUNT_REQUIRED} />
      <Text size="xs" c="dimmed">
        Al cerrar, el efectivo en validación ({formatMoney(day.totals.cashPending)}) se confirma en esta
        cuenta.
      </Text>
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={review}>{CLOSE_DAY_LABEL}</Button>
      </Group>
    </Stack>
  );
}

/**
 * 'Contar efectivo': the amount counted (typed, or summed from the bills and coins), the difference with
 * the expected cash as it is typed, a note when it differs, the account, then a confirmation step.
 */
export function CountCashDialog({
  day,
  opened,
  onClose,
}: {
  day: CashClose;
  opened: boolean;
  onClose: () => void;
}) {
  // Mounted only while open: every opening starts blank.
  return (
    <EntityDialog opened={opened} onClose={onClose} title={COUNT_LABEL}>
      {opened && <CountForm day={day} onClose={onClose} />}
    </EntityDialog>
  );
}
