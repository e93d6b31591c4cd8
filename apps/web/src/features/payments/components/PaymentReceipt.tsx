import {
  centsToPesos,
  PAYMENT_STATUS_LABELS,
  type PaymentDetails,
  paymentFolio,
  pesosToCents,
  RECOVERY_LABEL,
} from '@prestaya/contracts';
import { formatPaymentReference } from '@prestaya/domain';
import { PrintDocument, PrintFields, PrintState } from '../../../components/print/PrintDocument.tsx';
import { PrintTable, PrintTotals } from '../../../components/print/PrintTable.tsx';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format.ts';
import { usePaymentDetails } from '../api/get-payment-details.ts';
import { fullCustomerName, methodLabel } from '../labels.ts';

/** More concept lines than this print in the compact style. */
const COMPACT_FROM_LINES = 14;
/**
 * More lines than this and the fees are printed as one summed line: at most 12 installments plus that
 * line, so even a long-overdue loan's receipt stays on one page.
 */
export const MAX_RECEIPT_LINES = 16;

type Line = PaymentDetails['lines'][number];

/** The lines as printed: every line, or the installments plus one 'Multas (n)' line summed in centavos. */
export function receiptLines(lines: Line[]): Line[] {
  if (lines.length <= MAX_RECEIPT_LINES) return lines;
  const fees = lines.filter((line) => line.type === 'Multa');
  if (fees.length === 0) return lines;
  const dates = fees.map((fee) => fee.date).sort();
  const first = dates[0] ?? '';
  const last = dates.at(-1) ?? '';
  const cents = fees.reduce((sum, fee) => sum + pesosToCents(fee.amount), 0);
  const period = first === last ? formatDate(first) : `${formatDate(first)} al ${formatDate(last)}`;
  return [
    ...lines.filter((line) => line.type !== 'Multa'),
    { concept: `Multas (${fees.length}), ${period}`, type: 'Multa', date: last, amount: centsToPesos(cents) },
  ];
}

/** The folio, the same one a borrower is shown after paying at /consulta. */
export function receiptFolio(payment: PaymentDetails['payment']): string {
  return paymentFolio(payment.loan.num, payment.id);
}

const STATUS_NOTES: Partial<Record<PaymentDetails['payment']['status'], string>> = {
  VALIDATING: 'Pago en validación: este recibo no acredita un pago confirmado.',
  REJECTED: 'Pago rechazado: este recibo no acredita ningún pago.',
  CANCELLED: 'Pago cancelado: este recibo no acredita ningún pago.',
};

function Receipt({ details }: { details: PaymentDetails }) {
  const { payment, totals } = details;
  const lines = receiptLines(details.lines);
  const registeredBy = payment.registeredBy
    ? `${[payment.registeredBy.name, payment.registeredBy.lastName].filter(Boolean).join(' ')} (No. ${payment.registeredBy.num})`
    : 'Registro público';
  const note = STATUS_NOTES[payment.status];
  return (
    <PrintDocument
      documentTitle={`Recibo ${receiptFolio(payment)}`}
      title="Recibo de pago"
      reference={`Folio ${receiptFolio(payment)}`}
      singlePage
      compact={lines.length > COMPACT_FROM_LINES}
    >
      <PrintFields
        label="Datos del pago"
        fields={[
          { label: 'Cliente', value: fullCustomerName(payment.customer) },
          { label: 'Préstamo', value: `No. ${payment.loan.num}` },
          { label: 'Referencia de pago', value: formatPaymentReference(payment.loan.num) },
          // When the cash was taken; a collection sent later (a phone without signal) also says when
          // the office received it.
          { label: 'Fecha de pago', value: formatDateTime(payment.collectedAt) },
          ...(payment.collectedAt !== payment.createdOn
            ? [{ label: 'Recibido en oficina', value: formatDateTime(payment.createdOn) }]
            : []),
          ...(payment.kind === 'ABONO' ? [{ label: 'Tipo', value: 'Abono' }] : []),
          ...(payment.kind === 'PAYOFF' ? [{ label: 'Tipo', value: 'Liquidación anticipada' }] : []),
          ...(details.payoffDiscount !== undefined
            ? [{ label: 'Descuento por liquidación', value: formatMoney(details.payoffDiscount) }]
            : []),
          { label: 'Método', value: methodLabel(payment.paymentMethod) },
          // A payment on a written-off loan (docs/product.md "Castigo").
          ...(payment.recovery
            ? [{ label: 'Concepto', value: `${RECOVERY_LABEL} de préstamo castigado` }]
            : []),
          { label: 'Cuenta destino', value: payment.bankAccount?.name ?? '—' },
          { label: 'Registrado por', value: registeredBy },
          {
            label: 'Estatus',
            value: (
              <span className="print-stamp" data-testid="receipt-status">
                {PAYMENT_STATUS_LABELS[payment.status]}
              </span>
            ),
          },
        ]}
      />

      <PrintTable
        title="Conceptos"
        label="Conceptos del recibo"
        rows={lines}
        // Lines carry no id and never reorder within one reply.
        rowKey={(_line, index) => index}
        empty="Sin conceptos"
        columns={[
          {
            header: 'Concepto',
            // An abono's last line paid only part of its item: the receipt says what remained of it.
            cell: (line) =>
              line.remainingAfter
                ? `${line.concept} (abono parcial, resta ${formatMoney(line.remainingAfter)})`
                : line.concept,
          },
          { header: 'Tipo', cell: (line) => line.type },
          { header: 'Fecha', cell: (line) => formatDate(line.date) },
          { header: 'Monto', num: true, cell: (line) => formatMoney(line.amount) },
        ]}
      />

      <PrintTotals
        label="Totales del recibo"
        lines={[
          { label: 'Total pagos', value: formatMoney(totals.scheduledPayments) },
          { label: 'Total multas', value: formatMoney(totals.fees) },
        ]}
        grand={{ label: 'Total', value: formatMoney(totals.total), testId: 'receipt-total' }}
      />

      {details.balanceAfter !== null && (
        <PrintTotals
          label="Saldo del préstamo"
          lines={[]}
          grand={{
            // Until confirmed the payment has not reduced the balance yet.
            label: payment.status === 'VALIDATING' ? 'Saldo al confirmarse este pago' : 'Saldo restante',
            value: formatMoney(details.balanceAfter),
            testId: 'receipt-balance-after',
          }}
        />
      )}

      {note && <p className="print-note">{note}</p>}
      {payment.rejectionReason && (
        <p className="print-note" data-testid="receipt-rejection-reason">
          Motivo del rechazo: {payment.rejectionReason}
        </p>
      )}
      <p className="print-note">
        Conserve este recibo. Identificador del pago:{' '}
        <span style={{ fontFamily: 'monospace' }}>{payment.id}</span>
      </p>
      <div className="print-signatures">
        <div>Recibió</div>
        <div>Cliente</div>
      </div>
    </PrintDocument>
  );
}

/** /admin/print/payments/:id — the printable receipt of one payment (any status; agents too, for theirs). */
export function PaymentReceipt({ paymentId }: { paymentId: string }) {
  const details = usePaymentDetails(paymentId);
  if (details.data) return <Receipt details={details.data} />;
  return (
    <PrintState
      isPending={details.isPending}
      error={details.error}
      what="el pago"
      onRetry={() => void details.refetch()}
    />
  );
}
