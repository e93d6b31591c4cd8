import type { PayoffQuote } from '@prestaya/contracts';
import { PrintDocument, PrintFields, PrintState } from '../../../components/print/PrintDocument.tsx';
import { PrintTable, PrintTotals } from '../../../components/print/PrintTable.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { usePayoffQuote } from '../api/payoff.ts';

export const PAYOFF_TITLE = 'Liquidación anticipada';

function Quote({ quote }: { quote: PayoffQuote }) {
  return (
    <PrintDocument
      documentTitle={`${PAYOFF_TITLE} · Préstamo ${quote.loan.num}`}
      title={`Cotización de ${PAYOFF_TITLE.toLowerCase()}`}
      reference={`Préstamo No. ${quote.loan.num}`}
    >
      <PrintFields
        label="Datos de la cotización"
        fields={[
          { label: 'Cliente', value: quote.customer.name },
          { label: 'Válida solo el', value: formatDate(quote.date) },
          { label: 'Descuento del producto', value: `${quote.discountBp / 100} % del interés no vencido` },
        ]}
      />
      <PrintTotals
        label="Resumen de la liquidación"
        lines={[
          { label: 'Pagos pendientes', value: formatMoney(quote.installments) },
          { label: 'Multas pendientes', value: formatMoney(quote.fines) },
          { label: 'Interés aún no vencido', value: formatMoney(quote.interestNotDue) },
          { label: 'Descuento', value: `− ${formatMoney(quote.discount)}` },
        ]}
        grand={{ label: 'Total a liquidar hoy', value: formatMoney(quote.total), testId: 'payoff-total' }}
      />
      <PrintTable
        title="Conceptos"
        rows={quote.lines}
        rowKey={(line) => line.id}
        empty="Nada pendiente"
        columns={[
          { header: 'Concepto', cell: (line) => line.concept },
          { header: 'Fecha', cell: (line) => formatDate(line.dueDate) },
          { header: 'Resta', num: true, cell: (line) => formatMoney(line.remaining) },
          { header: 'Descuento', num: true, cell: (line) => formatMoney(line.discount) },
          { header: 'A pagar', num: true, cell: (line) => formatMoney(line.amount) },
        ]}
      />
      <p className="print-note">
        Válida únicamente el {formatDate(quote.date)}: un pago de exactamente {formatMoney(quote.total)}{' '}
        liquida el préstamo. Después de esa fecha, solicite una nueva cotización.
      </p>
    </PrintDocument>
  );
}

/** /admin/print/loans/:id/payoff-quote — the printable payoff quote of the day. */
export function PayoffQuotePrint({ loanId }: { loanId: string }) {
  const quote = usePayoffQuote(loanId);
  if (quote.data) return <Quote quote={quote.data} />;
  return (
    <PrintState
      isPending={quote.isPending}
      error={quote.error}
      what="la cotización"
      onRetry={() => void quote.refetch()}
    />
  );
}
