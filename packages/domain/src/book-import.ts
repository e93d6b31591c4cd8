/**
 * A loan brought in from an existing book ('Importar'): a loan from the past, delivered on the file's
 * date, whose schedule, paid part and pending fines come from the file. Pure: the import
 * (apps/server/src/modules/imports) writes exactly what this returns.
 *
 * - The schedule is the product's, anchored on the delivery date (buildSchedule, as a loanFromPast).
 * - The first `installmentsPaid` installments are PAID; `partialCents` (less than the next installment)
 *   is the paid part of the next one, which stays owed.
 * - An installment not paid and due before `today` is DELAYED (the accrual would mark it so tonight).
 * - Pending fines (multas): one fee per installment already due, those still owed first, oldest first
 *   within each group, each at most the loan's
 *   late-fee cap per installment, dated the day after that installment's due date. Fines that do not
 *   fit under the caps of the installments already due are refused: the file cannot owe more fines
 *   than the loan's own rule could have charged.
 *
 * Fines are never charged twice: the accrual never charges a day before the loan was registered (the
 * import day), and it counts these fees toward each installment's cap, so the file's fines stand for
 * every day up to the import and the accrual adds only the days from then on, within the same cap.
 */

import { addDays } from './business-time.ts';
import { type LoanStanding, loanStanding } from './loan-balance.ts';
import { buildSchedule, lateFeeConcept } from './loan-policy.ts';

export interface ImportedLoanInput {
  totalCents: number;
  termWeeks: number;
  /** The loan's late-fee cap per installment (weeklyFeeCents). */
  lateFeeCapCents: number;
  deliveryDate: string;
  installmentsPaid: number;
  partialCents: number;
  pendingFinesCents: number;
  /** The business day of the import. */
  today: string;
}

export interface ImportedInstallment {
  paymentNumber: number;
  dueDate: string;
  amountCents: number;
  concept: string;
  status: 'PAID' | 'PENDING' | 'DELAYED';
  paidCents: number;
}

export interface ImportedFee {
  paymentNumber: number;
  feeDate: string;
  amountCents: number;
  concept: string;
}

export type ImportedLoanRefusal =
  | 'import.delivery_in_future'
  | 'import.paid_beyond_term'
  | 'import.partial_too_large'
  | 'import.fines_above_cap'
  | 'import.loan_settled';

export type ImportedLoan =
  | {
      ok: true;
      installments: ImportedInstallment[];
      fees: ImportedFee[];
      standing: LoanStanding;
    }
  | {
      ok: false;
      refusal: ImportedLoanRefusal;
      field: 'fecha_entrega' | 'pagos_realizados' | 'abono_siguiente' | 'multas_pendientes';
      limitCents?: number;
    };

export function importedLoan(input: ImportedLoanInput): ImportedLoan {
  const { termWeeks, installmentsPaid, partialCents, pendingFinesCents, today } = input;
  if (input.deliveryDate > today) {
    return { ok: false, refusal: 'import.delivery_in_future', field: 'fecha_entrega' };
  }
  if (installmentsPaid < 0 || installmentsPaid > termWeeks) {
    return { ok: false, refusal: 'import.paid_beyond_term', field: 'pagos_realizados' };
  }
  const schedule = buildSchedule(input.totalCents, input.deliveryDate, termWeeks);
  const next = schedule[installmentsPaid];
  if (partialCents < 0 || (partialCents > 0 && (!next || partialCents >= next.amountCents))) {
    return {
      ok: false,
      refusal: 'import.partial_too_large',
      field: 'abono_siguiente',
      limitCents: next ? next.amountCents - 1 : 0,
    };
  }
  const installments: ImportedInstallment[] = schedule.map((item, index) => {
    const paid = index < installmentsPaid;
    return {
      ...item,
      status: paid ? 'PAID' : item.dueDate < today ? 'DELAYED' : 'PENDING',
      paidCents: paid ? item.amountCents : index === installmentsPaid ? partialCents : 0,
    };
  });
  const due = installments.filter((item) => item.dueDate < today);
  const capacity = due.length * input.lateFeeCapCents;
  if (pendingFinesCents < 0 || pendingFinesCents > capacity) {
    return { ok: false, refusal: 'import.fines_above_cap', field: 'multas_pendientes', limitCents: capacity };
  }
  const fees: ImportedFee[] = [];
  let left = pendingFinesCents;
  // The installments still owed first: their fines are the ones a lender's book is still charging.
  const owedFirst = [
    ...due.filter((item) => item.status !== 'PAID'),
    ...due.filter((item) => item.status === 'PAID'),
  ];
  for (const item of owedFirst) {
    if (left === 0) break;
    const amountCents = Math.min(left, input.lateFeeCapCents);
    fees.push({
      paymentNumber: item.paymentNumber,
      feeDate: addDays(item.dueDate, 1),
      amountCents,
      concept: lateFeeConcept(item.paymentNumber),
    });
    left -= amountCents;
  }
  const standing = loanStanding(
    installments,
    fees.map((fee) => ({ amountCents: fee.amountCents, status: 'PENDING' })),
    today,
  );
  if (standing.status === 'PAID') {
    return { ok: false, refusal: 'import.loan_settled', field: 'pagos_realizados' };
  }
  return { ok: true, installments, fees, standing };
}

/**
 * An amount in pesos as a spreadsheet shows it ('1500', '1,500.50', '$1,500', '1500.5') in centavos,
 * exactly (no float arithmetic); null when it is not one. Empty text is 0.
 */
export function pesosTextToCents(text: string): number | null {
  const clean = text.replace(/^\$\s*/, '').trim();
  if (clean === '') return 0;
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(clean);
  if (!match) return null;
  const whole = Number((match[1] ?? '').replaceAll(',', ''));
  const cents = Number((match[2] ?? '').padEnd(2, '0'));
  const total = whole * 100 + cents;
  return Number.isSafeInteger(total) ? total : null;
}

/** A date as a spreadsheet shows it ('2026-03-14' or '14/03/2026') as 'YYYY-MM-DD'; null otherwise. */
export function sheetDateToIso(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const dmy = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const parts = iso
    ? [iso[1], iso[2], iso[3]]
    : dmy
      ? [dmy[3], dmy[2]?.padStart(2, '0'), dmy[1]?.padStart(2, '0')]
      : null;
  if (!parts) return null;
  const date = `${parts[0]}-${parts[1]}-${parts[2]}`;
  const check = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(check.getTime()) && check.toISOString().slice(0, 10) === date ? date : null;
}
