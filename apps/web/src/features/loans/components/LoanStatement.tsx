import {
  centsToPesos,
  FEE_STATUS_LABELS,
  type Fee,
  LOAN_STATUS_LABELS,
  type Loan,
  PAYMENT_STATUS_LABELS,
  type PaymentListItem,
  pesosToCents,
  SCHEDULED_PAYMENT_STATUS_LABELS,
  type ScheduledPayment,
} from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { PrintDocument, PrintFields, PrintState } from '../../../components/print/PrintDocument.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { loanQueryOptions } from '../api/get-loan.ts';
import { useLoanFees } from '../api/get-loan-fees.ts';
import { useLoanPayments } from '../api/get-loan-payments.ts';
import { useScheduledPayments } from '../api/get-scheduled-payments.ts';
import { customerName } from '../labels.ts';
import { methodLabel } from '../payment-labels.ts';

/** Sums peso amounts exactly (in centavos). */
export function sumPesos(amounts: number[]): number {
  return centsToPesos(amounts.reduce((total, amount) => total + pesosToCents(amount), 0));
}

interface StatementData {
  loan: Loan;
  schedule: ScheduledPayment[];
  fees: Fee[];
  payments: PaymentListItem[];
}

function Statement({ loan, schedule, fees, payments }: StatementData) {
  const confirmed = payments.filter((payment) => payment.status === 'PAID');
  const paid = sumPesos(confirmed.map((payment) => payment.amount));
  const validating = sumPesos(payments.filter((p) => p.status === 'VALIDATING').map((p) => p.amount));
  const pendingFees = sumPesos(fees.filter((fee) => fee.status === 'PENDING').map((fee) => fee.amount));
  return (
    <PrintDocument
      documentTitle={`Estado de cuenta · Préstamo ${loan.num}`}
      title="Estado de cuenta"
      reference={`Préstamo No. ${loan.num}`}
      compact={schedule.length + fees.length + payments.length > 30}
    >
      <PrintFields
        label="Datos del préstamo"
        fields={[
          { label: 'Cliente', value: customerName(loan.customer) },
          { label: 'Estatus', value: <span className="print-stamp">{LOAN_STATUS_LABELS[loan.status]}</span> },
          { label: 'Fecha de solicitud', value: formatDate(loan.requestDate) },
          { label: 'Monto', value: formatMoney(loan.amount) },
          { label: 'Total a pagar', value: formatMoney(loan.totalToRepay) },
          { label: 'Pago semanal', value: formatMoney(loan.installmentAmount) },
          { label: 'Plazo', value: `${loan.term} semanas` },
          { label: 'Multa diaria', value: formatMoney(loan.dailyFee) },
          { label: 'Entregado el', value: loan.activatedOn ? formatDate(loan.activatedOn) : '—' },
        ]}
      />

      <table className="print-totals" aria-label="Resumen del estado de cuenta">
        <tbody>
          <tr>
            <td>Pagos confirmados</td>
            <td>{formatMoney(paid)}</td>
          </tr>
          <tr>
            <td>Pagos en validación</td>
            <td>{formatMoney(validating)}</td>
          </tr>
          <tr>
            <td>Multas pendientes</td>
            <td>{formatMoney(pendingFees)}</td>
          </tr>
          <tr className="grand">
            <td>Saldo</td>
            <td data-testid="statement-balance">{formatMoney(loan.currentBalance)}</td>
          </tr>
        </tbody>
      </table>

      <h2 className="print-section-title">Calendario de pagos</h2>
      <table className="print-table" aria-label="Calendario de pagos">
        <thead>
          <tr>
            <th>No.</th>
            <th>Vence</th>
            <th>Estatus</th>
            <th className="num">Monto</th>
          </tr>
        </thead>
        <tbody>
          {schedule.length === 0 ? (
            <tr>
              <td colSpan={4}>El calendario se genera al entregar el préstamo.</td>
            </tr>
          ) : (
            schedule.map((installment) => (
              <tr key={installment.id}>
                <td>{installment.paymentNumber}</td>
                <td>{formatDate(installment.dueDate)}</td>
                <td>{SCHEDULED_PAYMENT_STATUS_LABELS[installment.status]}</td>
                <td className="num">{formatMoney(installment.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <h2 className="print-section-title">Multas</h2>
      <table className="print-table" aria-label="Multas">
        <thead>
          <tr>
            <th>Fecha</th>
            <th>Concepto</th>
            <th>Estatus</th>
            <th className="num">Monto</th>
          </tr>
        </thead>
        <tbody>
          {fees.length === 0 ? (
            <tr>
              <td colSpan={4}>Sin multas</td>
            </tr>
          ) : (
            fees.map((fee) => (
              <tr key={fee.id}>
                <td>{formatDate(fee.feeDate)}</td>
                <td>{fee.concept}</td>
                <td>{FEE_STATUS_LABELS[fee.status]}</td>
                <td className="num">{formatMoney(fee.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>

      <h2 className="print-section-title">Pagos recibidos</h2>
      <table className="print-table" aria-label="Pagos recibidos">
        <thead>
          <tr>
            <th>Fecha</th>
            <th>Método</th>
            <th>Estatus</th>
            <th className="num">Monto</th>
          </tr>
        </thead>
        <tbody>
          {payments.length === 0 ? (
            <tr>
              <td colSpan={4}>Sin pagos registrados</td>
            </tr>
          ) : (
            payments.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDate(payment.createdOn)}</td>
                <td>{methodLabel(payment.paymentMethod)}</td>
                <td>{PAYMENT_STATUS_LABELS[payment.status]}</td>
                <td className="num">{formatMoney(payment.amount)}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
      <p className="print-note">
        Saldo = pagos programados sin pagar + multas pendientes, a la fecha de emisión.
      </p>
    </PrintDocument>
  );
}

/** /admin/print/loans/:id — the printable statement of one loan (its schedule, fees and payments). */
export function LoanStatement({ loanId }: { loanId: string }) {
  const loan = useQuery(loanQueryOptions(loanId));
  const schedule = useScheduledPayments(loanId);
  const fees = useLoanFees(loanId);
  const payments = useLoanPayments(loanId);
  const queries = [loan, schedule, fees, payments];
  if (loan.data && schedule.data && fees.data && payments.data) {
    return <Statement loan={loan.data} schedule={schedule.data} fees={fees.data} payments={payments.data} />;
  }
  const failed = queries.find((query) => query.isError);
  return (
    <PrintState
      isPending={!failed}
      error={failed?.error}
      what="el estado de cuenta"
      onRetry={() => {
        for (const query of queries) if (query.isError) void query.refetch();
      }}
    />
  );
}
