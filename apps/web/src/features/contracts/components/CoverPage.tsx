import { CAT_LABEL, formatCat, type LoanContract } from '@prestaya/contracts';
import type { CSSProperties } from 'react';
import { PrintFields } from '../../../components/print/PrintDocument.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';

/** A blank the signers fill by hand where the business has not set the figure yet. */
export const BLANK = '________________';

const percent = (rate: number) => `${Number((rate * 100).toFixed(2))} %`;

/**
 * 'Carátula': the loan's figures as the server decided them, the CAT first and largest, the parties and
 * the installments with their dates. One Letter page (contract.css).
 */
export function CoverPage({ contract }: { contract: LoanContract }) {
  const { loan, business, customer, schedule } = contract;
  return (
    <main
      className="print-sheet contract-sheet contract-cover"
      aria-label="Carátula"
      data-testid="contract-cover"
    >
      <header className="print-header">
        <div className="print-brand">
          {business.name ?? 'PrestaYa'}
          {business.legalName && <small>{business.legalName}</small>}
        </div>
        <div className="print-doc-title">
          <h1>Carátula</h1>
          <p>
            Préstamo No. {loan.num}
            {loan.productName ? ` · ${loan.productName}` : ''}
          </p>
          <p>Emitida el {formatDate(contract.issuedOn)}</p>
        </div>
      </header>
      <p className="contract-cat" data-testid="cover-cat">
        <span>{CAT_LABEL}</span>
        <strong>{formatCat(loan.cat)}</strong>
      </p>
      <PrintFields
        label="Condiciones del préstamo"
        fields={[
          { label: 'Monto del préstamo', value: formatMoney(loan.amount) },
          { label: 'Total a pagar', value: formatMoney(loan.totalToRepay) },
          { label: 'Tasa de interés fija sobre el plazo', value: percent(loan.interestRate) },
          { label: 'Plazo', value: `${loan.term} semanas` },
          { label: 'Pago semanal', value: formatMoney(loan.installmentAmount) },
          { label: 'Comisiones', value: 'Ninguna' },
          { label: 'Multa por día de atraso', value: formatMoney(loan.dailyFee) },
          {
            label: 'Tope de multas por pago',
            value: `${formatMoney(loan.lateFeeCap)} (${percent(loan.lateFeeCapRate)} del monto)`,
          },
          { label: 'Entrega', value: loan.activatedOn ? formatDate(loan.activatedOn) : 'Al firmar' },
        ]}
      />
      <PrintFields
        label="Partes"
        fields={[
          { label: 'Otorgante', value: business.legalName ?? business.name ?? BLANK },
          { label: 'Domicilio del otorgante', value: business.address ?? BLANK },
          { label: 'Registro RECA', value: business.recaNumber ?? BLANK },
          { label: 'Cliente', value: customer.fullName },
          { label: 'Domicilio del cliente', value: customer.address ?? BLANK },
          { label: 'Quejas y aclaraciones', value: business.complaintsContact ?? BLANK },
        ]}
      />
      <h2 className="print-section-title">Calendario de pagos</h2>
      <ol
        className="contract-schedule"
        aria-label="Calendario de pagos"
        // More columns for a long term, so its installments still fit the one page.
        style={
          { '--schedule-columns': schedule.length > 60 ? 4 : schedule.length > 24 ? 3 : 2 } as CSSProperties
        }
      >
        {schedule.map((row) => (
          <li key={row.paymentNumber}>
            <span>
              {row.paymentNumber}. {formatDate(row.dueDate)}
            </span>
            <span>{formatMoney(row.amount)}</span>
          </li>
        ))}
      </ol>
      {contract.scheduleProjected && (
        <p className="print-note">
          Fechas calculadas para una entrega hoy; se fijan al entregar el préstamo.
        </p>
      )}
      <p className="print-note">
        Los pagos se aplican primero a las multas pendientes y después a los pagos semanales, del más antiguo
        al más reciente. Puede pagar por adelantado sin penalización.
      </p>
      <div className="print-signatures">
        <div>Firma del cliente</div>
        <div>Firma del otorgante</div>
      </div>
    </main>
  );
}
