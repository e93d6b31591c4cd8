import {
  CAT_LABEL,
  centsToPesos,
  FEE_STATUS_LABELS,
  type Fee,
  formatCat,
  LOAN_STATUS_LABELS,
  type Loan,
  PAYMENT_STATUS_LABELS,
  type PaymentListItem,
  pesosToCents,
  RECOVERY_LABEL,
  RESTRUCTURED_LOAN_LABEL,
  SCHEDULED_PAYMENT_STATUS_LABELS,
  type ScheduledPayment,
  type WriteOff,
} from '@prestaya/contracts';
import { formatPaymentReference } from '@prestaya/domain';
import { useQuery } from '@tanstack/react-query';
import { OfflineBanner, OfflineEmpty } from '../../../components/OfflineNotice.tsx';
import { PrintDocument, PrintFields, PrintState } from '../../../components/print/PrintDocument.tsx';
import { PrintTable, PrintTotals } from '../../../components/print/PrintTable.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { offlineCopyAt, offlineWithoutCopy, useOnline } from '../../../lib/offline-copy.ts';
import { loanQueryOptions } from '../api/get-loan.ts';
import { useLoanCat } from '../api/get-loan-cat.ts';
import { useLoanFees } from '../api/get-loan-fees.ts';
import { useLoanPayments } from '../api/get-loan-payments.ts';
import { useLoanWriteOff } from '../api/get-loan-write-off.ts';
import { useScheduledPayments } from '../api/get-scheduled-payments.ts';
import { customerName } from '../labels.ts';
import { methodLabel } from '../payment-labels.ts';

/** Sums peso amounts exactly (in centavos). */
export function sumPesos(amounts: number[]): number {
  return centsToPesos(amounts.reduce((total, amount) => total + pesosToCents(amount), 0));
}

export const STATEMENT_NOT_ON_PHONE =
  'Sin conexión: el estado de cuenta de este préstamo no está guardado en este teléfono. Se cargará al volver la señal.';

interface StatementData {
  loan: Loan;
  schedule: ScheduledPayment[];
  fees: Fee[];
  payments: PaymentListItem[];
  /** The loan's write-off (Castigo), when it has one. */
  writeOff?: WriteOff | null | undefined;
  /** When the oldest of its parts was loaded, if this is the phone's copy (no signal). */
  savedAt?: number;
  /** The loan's CAT from the server, once read (the statement does not wait for it). */
  cat?: number | undefined;
}

function Statement({ loan, schedule, fees, payments, writeOff, savedAt, cat }: StatementData) {
  // A payment's amount mixes installments and fines; what each covered is read from the lines it
  // paid, so the installments never read as fully repaid while fines made up part of the money.
  // An installment paid in part by abonos counts for its paid part.
  const paidInstallments = sumPesos(schedule.map((i) => (i.status === 'PAID' ? i.amount : (i.paid ?? 0))));
  const paidFees = sumPesos(fees.map((fee) => (fee.status === 'PAID' ? fee.amount : (fee.paid ?? 0))));
  const validating = sumPesos(payments.filter((p) => p.status === 'VALIDATING').map((p) => p.amount));
  // A fine an abono paid in part owes only the rest of it.
  const pendingFees = sumPesos(
    fees.filter((fee) => fee.status === 'PENDING').map((fee) => fee.amount - (fee.paid ?? 0)),
  );
  // A restructured loan owes its paid and new installments: the closed ones ('Reestructurado') moved
  // what remained of them into the new ones, so they are listed but no longer part of what is owed.
  const scheduled =
    loan.restructureCount > 0
      ? sumPesos(schedule.filter((i) => i.status !== 'RESTRUCTURED').map((i) => i.amount))
      : loan.totalToRepay;
  return (
    <PrintDocument
      documentTitle={`Estado de cuenta · Préstamo ${loan.num}`}
      title="Estado de cuenta"
      reference={`Préstamo No. ${loan.num}`}
      compact={schedule.length + fees.length + payments.length > 30}
      notice={savedAt !== undefined && <OfflineBanner savedAt={savedAt} />}
    >
      <PrintFields
        label="Datos del préstamo"
        fields={[
          { label: 'Cliente', value: customerName(loan.customer) },
          { label: 'Referencia de pago', value: formatPaymentReference(loan.num) },
          { label: 'Estatus', value: <span className="print-stamp">{LOAN_STATUS_LABELS[loan.status]}</span> },
          { label: 'Fecha de solicitud', value: formatDate(loan.requestDate) },
          { label: 'Monto', value: formatMoney(loan.amount) },
          { label: 'Total a pagar', value: formatMoney(loan.totalToRepay) },
          { label: 'Pago semanal', value: formatMoney(loan.installmentAmount) },
          { label: 'Plazo', value: `${loan.term} semanas` },
          { label: 'Multa diaria', value: formatMoney(loan.dailyFee) },
          { label: CAT_LABEL, value: cat === undefined ? '—' : formatCat(cat) },
          { label: 'Entregado el', value: loan.activatedOn ? formatDate(loan.activatedOn) : '—' },
          ...(loan.restructureCount > 0 && loan.restructuredOn
            ? [
                {
                  label: RESTRUCTURED_LOAN_LABEL,
                  value: `${loan.restructureCount === 1 ? 'Una vez' : `${loan.restructureCount} veces`}, la última el ${formatDate(loan.restructuredOn)}`,
                },
              ]
            : []),
        ]}
      />

      {writeOff && (
        <PrintFields
          label="Castigo"
          fields={[
            { label: 'Castigado el', value: formatDate(writeOff.writtenOffOn) },
            { label: 'Monto castigado', value: formatMoney(writeOff.amountWrittenOff) },
            { label: 'Días de atraso', value: String(writeOff.daysPastDue) },
            { label: 'Motivo', value: writeOff.reason },
            { label: 'Recuperado', value: formatMoney(writeOff.recovered) },
          ]}
        />
      )}

      <PrintTotals
        label="Resumen del estado de cuenta"
        lines={[
          {
            label: 'Pagos semanales cubiertos',
            value: `${formatMoney(paidInstallments)} de ${formatMoney(scheduled)}`,
          },
          { label: 'Multas pagadas', value: formatMoney(paidFees) },
          { label: 'Pagos en validación', value: formatMoney(validating) },
          { label: 'Multas pendientes', value: formatMoney(pendingFees) },
        ]}
        grand={{ label: 'Saldo', value: formatMoney(loan.currentBalance), testId: 'statement-balance' }}
      />

      <PrintTable
        title="Calendario de pagos"
        rows={schedule}
        rowKey={(installment) => installment.id}
        empty="El calendario se genera al entregar el préstamo."
        columns={[
          { header: 'No.', cell: (installment) => installment.paymentNumber },
          { header: 'Vence', cell: (installment) => formatDate(installment.dueDate) },
          { header: 'Estatus', cell: (installment) => SCHEDULED_PAYMENT_STATUS_LABELS[installment.status] },
          {
            header: 'Monto',
            num: true,
            cell: (installment) =>
              installment.status !== 'PAID' && installment.paid
                ? `${formatMoney(installment.amount)} (abonado ${formatMoney(installment.paid)}, resta ${formatMoney(
                    sumPesos([installment.amount, -installment.paid]),
                  )})`
                : formatMoney(installment.amount),
          },
        ]}
      />

      <PrintTable
        title="Multas"
        rows={fees}
        rowKey={(fee) => fee.id}
        empty="Sin multas"
        columns={[
          { header: 'Fecha', cell: (fee) => formatDate(fee.feeDate) },
          { header: 'Concepto', cell: (fee) => fee.concept },
          { header: 'Estatus', cell: (fee) => FEE_STATUS_LABELS[fee.status] },
          { header: 'Monto', num: true, cell: (fee) => formatMoney(fee.amount) },
        ]}
      />

      <PrintTable
        title="Pagos recibidos"
        rows={payments}
        rowKey={(payment) => payment.id}
        empty="Sin pagos registrados"
        columns={[
          { header: 'Fecha', cell: (payment) => formatDate(payment.createdOn) },
          {
            header: 'Método',
            cell: (payment) =>
              payment.kind === 'ABONO'
                ? `${methodLabel(payment.paymentMethod)} · Abono`
                : payment.kind === 'PAYOFF'
                  ? `${methodLabel(payment.paymentMethod)} · Liquidación anticipada`
                  : methodLabel(payment.paymentMethod),
          },
          {
            header: 'Estatus',
            cell: (payment) =>
              payment.recovery
                ? `${PAYMENT_STATUS_LABELS[payment.status]} · ${RECOVERY_LABEL}`
                : PAYMENT_STATUS_LABELS[payment.status],
          },
          { header: 'Monto', num: true, cell: (payment) => formatMoney(payment.amount) },
        ]}
      />
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
  const writeOff = useLoanWriteOff(loanId, loan.data?.status === 'WRITTEN_OFF');
  const cat = useLoanCat(loanId);
  const queries = [loan, schedule, fees, payments];
  const online = useOnline();
  const copies = queries.map((query) => offlineCopyAt(query, online)).filter((at) => at !== undefined);
  const failed = queries.find((query) => query.isError && offlineCopyAt(query, online) === undefined);
  // A written-off loan's statement prints its write-off: wait for it, unless it cannot be read.
  const writeOffRead = loan.data?.status !== 'WRITTEN_OFF' || writeOff.data !== undefined || writeOff.isError;
  if (loan.data && schedule.data && fees.data && payments.data && writeOffRead) {
    return (
      <Statement
        loan={loan.data}
        schedule={schedule.data}
        fees={fees.data}
        payments={payments.data}
        writeOff={writeOff.data}
        cat={cat.data?.cat}
        savedAt={copies.length ? Math.min(...copies) : undefined}
      />
    );
  }
  if (queries.some((query) => offlineWithoutCopy(query, online))) {
    return (
      <div className="print-screen">
        <title>Estado de cuenta · PrestaYa</title>
        <OfflineEmpty>{STATEMENT_NOT_ON_PHONE}</OfflineEmpty>
      </div>
    );
  }
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
