import { Alert, Button, Group, NumberInput, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  decisionReason,
  type Loan,
  REASON_MAX,
  RESTRUCTURE_FINES_LABELS,
  RESTRUCTURE_MAX_WEEKS,
  RESTRUCTURE_MIN_WEEKS,
  type RestructurePreview,
} from '@prestaya/contracts';
import { isRestructureWeeks, type RestructureFines } from '@prestaya/domain';
import { useState } from 'react';
import { EntityDialog } from '../../../components/EntityDialog.tsx';
import { FoldedCell, LinesTable } from '../../../components/LinesTable.tsx';
import { MoneyText } from '../../../components/MoneyText.tsx';
import { CenteredLoader } from '../../../components/QueryState.tsx';
import { isApiError } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format.ts';
import { notify } from '../../../lib/notify.ts';
import { useRestructureLoan, useRestructurePreview } from '../api/restructure.ts';
import { LoanSummary } from './LoanSummary.tsx';

export const RESTRUCTURE_TITLE = 'Reestructurar préstamo';
const DEFAULT_WEEKS = 12;

type Installment = RestructurePreview['installments'][number];

function PreviewFigures({ preview, fines }: { preview: RestructurePreview; fines: RestructureFines }) {
  const count = preview.closedInstallments.length;
  return (
    <Stack gap={4} aria-label="Resumen de la reestructura">
      <Text size="sm">
        Se cierran {count} {count === 1 ? 'pago sin pagar' : 'pagos sin pagar'} (quedan «Reestructurado»):{' '}
        <MoneyText value={preview.closed} fw={600} />
      </Text>
      {preview.pendingFines > 0 ? (
        <Text size="sm">
          Multas pendientes ({preview.pendingFines}): <MoneyText value={preview.fines} fw={600} />{' '}
          {fines === 'incluir' ? 'incluidas en los nuevos pagos' : 'condonadas'}
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          Sin multas pendientes
        </Text>
      )}
      <Text size="sm" fw={600}>
        Total a reestructurar: <MoneyText value={preview.spread} fw={700} />
      </Text>
    </Stack>
  );
}

function NewSchedule({ rows }: { rows: Installment[] }) {
  return (
    <LinesTable<Installment>
      aria-label="Nuevo calendario de pagos"
      rows={rows}
      rowKey={(row) => String(row.paymentNumber)}
      columns={[
        { header: 'No.', cell: (row) => row.paymentNumber, wide: true, w: 56 },
        {
          header: 'Concepto',
          cell: (row) => (
            <FoldedCell folded={`No. ${row.paymentNumber} · vence ${formatDate(row.dueDate)}`}>
              {row.concept}
            </FoldedCell>
          ),
        },
        { header: 'Vence', cell: (row) => formatDate(row.dueDate), wide: true, nowrap: true },
        { header: 'Monto', cell: (row) => <MoneyText value={row.amount} />, align: 'right', nowrap: true },
      ]}
    />
  );
}

function RestructureForm({ loan, onClose }: { loan: Loan; onClose: () => void }) {
  const [fines, setFines] = useState<RestructureFines>('condonar');
  const [weeks, setWeeks] = useState<number | string>(DEFAULT_WEEKS);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const validWeeks = typeof weeks === 'number' && isRestructureWeeks(weeks);
  const preview = useRestructurePreview(
    loan.id,
    { fines, weeks: validWeeks ? weeks : DEFAULT_WEEKS },
    validWeeks,
  );
  const restructure = useRestructureLoan();

  const submit = () => {
    if (restructure.isPending || !validWeeks || !preview.data) return;
    const parsed = decisionReason.safeParse(reason);
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    restructure.mutate(
      { loanId: loan.id, fines, weeks, reason: parsed.data },
      {
        onSuccess: () => {
          notify.success(`El préstamo No. ${loan.num} fue reestructurado`);
          onClose();
        },
        onError: (error) => {
          notify.apiError(error, 'No se pudo reestructurar el préstamo');
          const message = isApiError(error)
            ? error.errors.find((issue) => issue.field === 'reason')?.message
            : undefined;
          if (message) setReasonError(message);
        },
      },
    );
  };

  const previewError = preview.isError
    ? isApiError(preview.error)
      ? preview.error.detail
      : 'No se pudo calcular la reestructura.'
    : null;

  return (
    <Stack gap="md">
      <LoanSummary loan={loan} withTotals={false}>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            Saldo actual
          </Text>
          <MoneyText value={loan.currentBalance} fw={500} size="sm" />
        </Stack>
      </LoanSummary>
      <Radio.Group
        label="Multas pendientes"
        value={fines}
        onChange={(value) => setFines(value as RestructureFines)}
        required
      >
        <Stack gap="xs" mt={4}>
          <Radio value="condonar" label={RESTRUCTURE_FINES_LABELS.condonar} />
          <Radio value="incluir" label={RESTRUCTURE_FINES_LABELS.incluir} />
        </Stack>
      </Radio.Group>
      <NumberInput
        label="Número de pagos semanales"
        description="Desde la próxima semana, uno cada 7 días"
        min={RESTRUCTURE_MIN_WEEKS}
        max={RESTRUCTURE_MAX_WEEKS}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        value={weeks}
        onChange={setWeeks}
        error={
          validWeeks
            ? null
            : `El número de semanas debe ser de ${RESTRUCTURE_MIN_WEEKS} a ${RESTRUCTURE_MAX_WEEKS}`
        }
        inputMode="numeric"
        required
      />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Nuevo calendario
        </Title>
        {previewError ? (
          <Alert color="red" variant="light" role="alert">
            {previewError}
          </Alert>
        ) : preview.data ? (
          <>
            <PreviewFigures preview={preview.data} fines={fines} />
            <NewSchedule rows={preview.data.installments} />
          </>
        ) : validWeeks ? (
          <CenteredLoader label="Calculando reestructura" />
        ) : null}
      </Stack>
      <TextInput
        label="Motivo"
        description="Queda en el historial del préstamo."
        required
        withAsterisk
        autoComplete="off"
        maxLength={REASON_MAX}
        value={reason}
        onChange={(event) => {
          setReason(event.currentTarget.value);
          setReasonError(null);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          submit();
        }}
        readOnly={restructure.isPending}
        error={reasonError}
      />
      <Text size="sm" c="dimmed">
        Al confirmar, los pagos sin pagar se cierran (no se borran) y el saldo se cobra con el nuevo
        calendario. No se puede deshacer.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button
          color="violet"
          onClick={submit}
          loading={restructure.isPending}
          disabled={!validWeeks || !preview.data || preview.isError || preview.isPlaceholderData}
        >
          Confirmar reestructura
        </Button>
      </Group>
    </Stack>
  );
}

export interface RestructureDialogProps {
  loan: Loan | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Reestructurar préstamo' (administrators): fines condonar/incluir, the number of weekly installments
 * and the reason; the server's plan is shown as the new schedule before 'Confirmar reestructura'.
 * Mounted only while open, so every opening starts from the defaults. Full screen on a phone.
 */
export function RestructureDialog({ loan, opened, onClose }: RestructureDialogProps) {
  const phone = useMediaQuery('(max-width: 35.99em)');
  return (
    <EntityDialog
      opened={opened && loan !== null}
      onClose={onClose}
      title={RESTRUCTURE_TITLE}
      size="lg"
      fullScreen={phone}
    >
      {opened && loan && <RestructureForm loan={loan} onClose={onClose} />}
    </EntityDialog>
  );
}
