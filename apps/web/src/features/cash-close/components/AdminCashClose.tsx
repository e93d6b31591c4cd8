import '@mantine/dates/styles.css';
import { Button, Group, Stack } from '@mantine/core';
import { DatePickerInput, DatesProvider } from '@mantine/dates';
import { type CashClosePayment, MAX_DATE, MIN_DATE } from '@prestaya/contracts';
import { IconCalendar, IconChecks, IconLock, IconReportMoney, IconUserSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState, QueryRecord } from '../../../components/QueryState.tsx';
import { AGENT_PICKER_TEXTS, StaffSelect } from '../../../components/StaffSelect.tsx';
import { searchAgents } from '../api/get-agents.ts';
import { useCashClose } from '../api/get-cash-close.ts';
import { agentLabel, CHOOSE_AGENT, CLOSED_LABEL, CONFIRM_LABEL, COUNT_LABEL } from '../labels.ts';
import { CashCloseDay, CashCloseHeader, PrintCashCloseButton } from './CashCloseDay.tsx';
import { CashCountHistory } from './CashCountHistory.tsx';
import { ConfirmCashCloseDialog } from './ConfirmCashCloseDialog.tsx';
import { CountCashDialog } from './CountCashDialog.tsx';
import { RejectPaymentDialog } from './RejectPaymentDialog.tsx';

/**
 * The administrator's corte: an agent and a day (in the address, so a reload or a shared link keeps
 * them; no date means today's business date), the cash to expect, 'Confirmar corte' into an account,
 * 'Rechazar' with a reason on a payment still in validation, and the printable summary.
 */
export function AdminCashClose() {
  const [params, setParams] = useSearchParams();
  const agentId = params.get('agentId') ?? undefined;
  const date = params.get('date') ?? undefined;
  const day = useCashClose({ agentId, date }, { enabled: !!agentId });
  const [confirming, setConfirming] = useState(false);
  const [counting, setCounting] = useState(false);
  const [rejecting, setRejecting] = useState<CashClosePayment | null>(null);

  const choose = (changes: { agentId?: string | null; date?: string | null }) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );

  const loaded = day.data;
  return (
    <DatesProvider settings={{ locale: 'es', firstDayOfWeek: 0 }}>
      <Stack gap="md">
        <CashCloseHeader>
          {loaded && (
            <>
              <PrintCashCloseButton day={loaded} />
              <Button
                variant={loaded.closure ? 'default' : 'filled'}
                leftSection={
                  loaded.closure ? (
                    <IconLock size={16} aria-hidden />
                  ) : (
                    <IconReportMoney size={16} aria-hidden />
                  )
                }
                onClick={() => setCounting(true)}
                disabled={loaded.closure !== null}
              >
                {loaded.closure ? CLOSED_LABEL : COUNT_LABEL}
              </Button>
              <Button
                variant="default"
                leftSection={<IconChecks size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
                disabled={loaded.totals.cashPending === 0}
              >
                {CONFIRM_LABEL}
              </Button>
            </>
          )}
        </CashCloseHeader>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <StaffSelect
            {...AGENT_PICKER_TEXTS}
            search={searchAgents}
            optionLabel={agentLabel}
            // An agent from the address may not be on the first page: the day names them.
            selected={loaded && { value: loaded.agent.id, label: agentLabel(loaded.agent) }}
            value={agentId ?? null}
            onChange={(value) => choose({ agentId: value })}
            leftSection={<IconUserSearch size={16} aria-hidden />}
            w={{ base: '100%', xs: 300 }}
          />
          <DatePickerInput
            label="Fecha"
            placeholder="Hoy"
            value={date ?? loaded?.date ?? null}
            onChange={(value) => choose({ date: value })}
            valueFormat="DD/MM/YYYY"
            minDate={MIN_DATE}
            maxDate={MAX_DATE}
            leftSection={<IconCalendar size={16} aria-hidden />}
            w={{ base: '100%', xs: 180 }}
          />
        </Group>
        {agentId ? (
          <>
            <QueryRecord
              query={day}
              loadingLabel="Cargando corte de caja"
              errorText="No se pudo cargar el corte de caja."
            >
              {(shown) => <CashCloseDay day={shown} admin onReject={setRejecting} />}
            </QueryRecord>
            <CashCountHistory agentId={agentId} />
          </>
        ) : (
          <EmptyState icon={<IconUserSearch size={24} />}>{CHOOSE_AGENT}</EmptyState>
        )}
      </Stack>
      {loaded && (
        <ConfirmCashCloseDialog day={loaded} opened={confirming} onClose={() => setConfirming(false)} />
      )}
      {loaded && <CountCashDialog day={loaded} opened={counting} onClose={() => setCounting(false)} />}
      <RejectPaymentDialog payment={rejecting} onClose={() => setRejecting(null)} />
    </DatesProvider>
  );
}
