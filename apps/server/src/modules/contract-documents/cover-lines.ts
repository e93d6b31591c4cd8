import { CAT_LABEL, formatCat, type LoanContract } from '@prestaya/contracts';
import { formatCents, pesosToCents } from '@prestaya/domain';
import { BLANK } from './values.ts';

/**
 * What the cover page ('Carátula') says, as label → value pairs, shared by the PDF so its figures are
 * the ones the printed page shows (apps/web CoverPage reads the same reply).
 */
export const pesos = (amount: number) => formatCents(pesosToCents(amount));
const percent = (rate: number) => `${(Math.round(rate * 10_000) / 100).toLocaleString('en-US')} %`;

/** '2026-11-29' → '29/11/2026'. */
export const shortDate = (date: string) => date.split('-').reverse().join('/');

/** The box of figures under the CAT. */
export function coverFigures({ loan }: LoanContract): [string, string][] {
  return [
    ['Monto del préstamo', pesos(loan.amount)],
    ['Total a pagar', pesos(loan.totalToRepay)],
    ['Tasa de interés (fija, sobre el plazo)', percent(loan.interestRate)],
    ['Plazo', `${loan.term} semanas`],
    ['Pago semanal', pesos(loan.installmentAmount)],
    ['Multa por día de atraso', pesos(loan.dailyFee)],
    ['Tope de multas por pago', `${pesos(loan.lateFeeCap)} (${percent(loan.lateFeeCapRate)} del monto)`],
    ['Comisiones', 'Ninguna'],
  ];
}

export function coverParties({ business, customer }: LoanContract): [string, string][] {
  return [
    ['Otorgante', business.legalName ?? business.name ?? BLANK],
    ['Domicilio del otorgante', business.address ?? BLANK],
    ['Registro RECA', business.recaNumber ?? BLANK],
    ['Quejas y aclaraciones', business.complaintsContact ?? BLANK],
    ['Cliente', customer.fullName],
    ['Domicilio del cliente', customer.address ?? BLANK],
  ];
}

export const catLine = (contract: LoanContract) => `${CAT_LABEL}: ${formatCat(contract.loan.cat)}`;

/** A schedule of up to this many installments fits the cover; a longer one is an annex. */
export const COVER_SCHEDULE_MAX = 60;
