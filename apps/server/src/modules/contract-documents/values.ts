import type { LoanContract } from '@prestaya/contracts';
import { type ContractValues, centsInWords, formatCents, pesosToCents } from '@prestaya/domain';

const MONTHS = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/** '2026-11-29' → '29 de noviembre de 2026', as a contract writes its dates. */
export function longDate(date: string): string {
  const [year, month, day] = date.split('-').map(Number);
  return `${day} de ${MONTHS[(month ?? 1) - 1]} de ${year}`;
}

/** A blank a signer fills by hand, where the business has not set the figure yet. */
export const BLANK = '________________';

const percent = (rate: number) => `${(Math.round(rate * 10_000) / 100).toLocaleString('en-US')} %`;

type ContractFigures = Omit<
  LoanContract,
  'contractText' | 'promissoryNoteText' | 'signedContract' | 'requireSignedContract'
>;

/** What every placeholder stands for in this loan's documents (contract-template.ts lists them). */
export function contractValues(data: ContractFigures, formattedCat: string): ContractValues {
  const { loan, customer, business, schedule } = data;
  const pesos = (amount: number) => formatCents(pesosToCents(amount));
  const last = schedule.at(-1);
  return {
    'negocio.nombre': business.name ?? BLANK,
    'negocio.razon_social': business.legalName ?? business.name ?? BLANK,
    'negocio.domicilio': business.address ?? BLANK,
    'negocio.reca': business.recaNumber ?? BLANK,
    'negocio.contacto_quejas': business.complaintsContact ?? BLANK,
    'cliente.nombre': customer.fullName,
    'cliente.domicilio': customer.address ?? BLANK,
    'prestamo.numero': String(loan.num),
    'prestamo.monto': pesos(loan.amount),
    'prestamo.monto_letra': centsInWords(pesosToCents(loan.amount)),
    'prestamo.total': pesos(loan.totalToRepay),
    'prestamo.total_letra': centsInWords(pesosToCents(loan.totalToRepay)),
    'prestamo.plazo': String(loan.term),
    'prestamo.pago_semanal': pesos(loan.installmentAmount),
    'prestamo.tasa': percent(loan.interestRate),
    'prestamo.multa_diaria': pesos(loan.dailyFee),
    'prestamo.tope_multa': pesos(loan.lateFeeCap),
    'prestamo.fecha_entrega': loan.activatedOn ? longDate(loan.activatedOn) : BLANK,
    'prestamo.fecha_ultimo_pago': last ? longDate(last.dueDate) : BLANK,
    cat: formattedCat,
    'fecha.hoy': longDate(data.issuedOn),
  };
}
