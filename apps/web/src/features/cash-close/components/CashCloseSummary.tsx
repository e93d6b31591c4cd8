import { type CashClose, PAYMENT_STATUS_LABELS } from '@prestaya/contracts';
import { PrintDocument, PrintFields, PrintState } from '../../../components/print/PrintDocument.tsx';
import { PrintTable, PrintTotals } from '../../../components/print/PrintTable.tsx';
import { formatDate, formatMoney, formatShortTime } from '../../../lib/format.ts';
import { type CashCloseDay, useCashClose } from '../api/get-cash-close.ts';
import { agentLabel, differenceText, fullName, methodLabel } from '../labels.ts';

/** More payments than this print in the compact style. */
const COMPACT_FROM_ROWS = 14;

function Summary({ day }: { day: CashClose }) {
  const { agent, totals } = day;
  return (
    <PrintDocument
      documentTitle={`Corte de caja ${agent.name} ${agent.lastName} ${day.date}`}
      title="Corte de caja"
      reference={`${agentLabel(agent)} · ${formatDate(day.date)}`}
      compact={day.payments.length > COMPACT_FROM_ROWS}
    >
      <PrintFields
        label="Datos del corte"
        fields={[
          { label: 'Agente', value: agentLabel(agent) },
          { label: 'Fecha', value: formatDate(day.date) },
          { label: 'Pagos', value: totals.count },
        ]}
      />

      <PrintTable
        title="Pagos del día"
        rows={day.payments}
        rowKey={(payment) => payment.id}
        empty="Sin pagos registrados este día"
        columns={[
          { header: 'Hora', cell: (payment) => formatShortTime(payment.collectedAt) },
          { header: 'Préstamo', cell: (payment) => `No. ${payment.loan.num}` },
          { header: 'Cliente', cell: (payment) => fullName(payment.customer) },
          { header: 'Método', cell: (payment) => methodLabel(payment.paymentMethod) },
          { header: 'Estatus', cell: (payment) => PAYMENT_STATUS_LABELS[payment.status] },
          { header: 'Monto', num: true, cell: (payment) => formatMoney(payment.amount) },
        ]}
      />

      <PrintTotals
        label="Totales del corte"
        lines={[
          { label: 'Efectivo en validación', value: formatMoney(totals.cashPending) },
          { label: 'Efectivo confirmado', value: formatMoney(totals.cashConfirmed) },
          { label: 'Transferencias', value: formatMoney(totals.transfer) },
        ]}
        grand={{ label: 'Efectivo a entregar', value: formatMoney(totals.cash), testId: 'summary-cash' }}
      />

      {day.closure && (
        <PrintFields
          label="Conteo del efectivo"
          fields={[
            { label: 'Esperado', value: formatMoney(day.closure.expected) },
            { label: 'Contado', value: formatMoney(day.closure.counted) },
            { label: 'Diferencia', value: differenceText(day.closure.kind, day.closure.difference) },
            ...(day.closure.note ? [{ label: 'Nota', value: day.closure.note }] : []),
          ]}
        />
      )}

      <p className="print-note">
        Los pagos rechazados o cancelados no suman. Las transferencias no se entregan en efectivo.
      </p>
      <div className="print-signatures">
        <div>Entregó: {agentLabel(agent)}</div>
        <div>Recibió</div>
      </div>
    </PrintDocument>
  );
}

/** /admin/print/cash-close?agentId&date — the printable summary of one agent's day. */
export function CashCloseSummary(day: CashCloseDay) {
  const query = useCashClose(day);
  if (query.data) return <Summary day={query.data} />;
  return (
    <PrintState
      isPending={query.isPending}
      error={query.error}
      what="el corte de caja"
      onRetry={() => void query.refetch()}
    />
  );
}
