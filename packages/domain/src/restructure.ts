/**
 * Restructuring ('Reestructura', docs/architecture.md "Restructuring"): what remains of a loan becomes a
 * new set of weekly installments. Pure: integer centavos and 'YYYY-MM-DD' business dates. The server
 * applies the plan to locked rows (modules/loans/restructure.ts); the web form shows the same plan as
 * its preview, so what the administrator confirms is what the server writes.
 *
 * - What is spread = Σ what remains of each unpaid installment + (fines 'incluir') Σ pending fines;
 *   with 'condonar' the fines are forgiven and spread nothing.
 * - N new installments (RESTRUCTURE_MIN_WEEKS..RESTRUCTURE_MAX_WEEKS), due weekly from next week
 *   (today + 7·j days), ⌊spread ÷ N⌋ each and the last one absorbing the remainder, so they sum to the
 *   spread exactly: no centavo created or lost.
 * - They are numbered after the loan's last installment (the closed ones keep their numbers), concept
 *   'Reestructura · Pago j de N'.
 */

import { addDays } from './business-time.ts';
import { installmentAmountsCents } from './loan-policy.ts';

export const RESTRUCTURE_MIN_WEEKS = 1;
/** A year of weekly installments: a restructuring that needs more is a new loan, not a new schedule. */
export const RESTRUCTURE_MAX_WEEKS = 52;

/** What happens to the pending fines: forgiven, or included in what is spread. */
export const RESTRUCTURE_FINES = ['condonar', 'incluir'] as const;
export type RestructureFines = (typeof RESTRUCTURE_FINES)[number];

export interface RestructureInput {
  /** What remains of each unpaid installment (centavos > 0), any order. */
  remainingCents: readonly number[];
  /** The loan's pending fines (centavos > 0). */
  pendingFeesCents: readonly number[];
  fines: RestructureFines;
  weeks: number;
  /** The business day of the restructuring. */
  today: string;
  /** The highest installment number the loan has (paid, closed or not): the new ones follow it. */
  lastPaymentNumber: number;
}

export interface RestructuredInstallment {
  paymentNumber: number;
  dueDate: string;
  amountCents: number;
  concept: string;
}

export interface RestructurePlan {
  /** Σ what remained of the unpaid installments, closed by the restructuring. */
  closedCents: number;
  /** Σ pending fines, whichever the choice. */
  finesCents: number;
  /** The fines forgiven ('condonar') and the fines included ('incluir'): one of them is finesCents. */
  condonedFinesCents: number;
  includedFinesCents: number;
  /** closedCents + includedFinesCents = Σ new installments. */
  spreadCents: number;
  installments: RestructuredInstallment[];
}

/** Why a restructuring is refused; the server words each code (http/refusals.ts). */
export type RestructureRefusal = 'restructure.nothing_remaining' | 'restructure.weeks_out_of_range';

export type RestructureOutcome =
  | { ok: true; plan: RestructurePlan }
  | { ok: false; refusal: RestructureRefusal };

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function assertPositiveCents(values: readonly number[], what: string): void {
  for (const value of values) {
    if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`${what} inválido: ${value}`);
  }
}

export const isRestructureWeeks = (weeks: number): boolean =>
  Number.isInteger(weeks) && weeks >= RESTRUCTURE_MIN_WEEKS && weeks <= RESTRUCTURE_MAX_WEEKS;

/** THE restructuring plan: the new schedule, or why there is none. */
export function planRestructure(input: RestructureInput): RestructureOutcome {
  assertPositiveCents(input.remainingCents, 'Restante');
  assertPositiveCents(input.pendingFeesCents, 'Multa');
  if (!Number.isInteger(input.lastPaymentNumber) || input.lastPaymentNumber < 0) {
    throw new RangeError(`Número de pago inválido: ${input.lastPaymentNumber}`);
  }
  if (!isRestructureWeeks(input.weeks)) return { ok: false, refusal: 'restructure.weeks_out_of_range' };
  const closedCents = sum(input.remainingCents);
  // Fines alone are not a schedule: without an unpaid installment there is nothing to restructure.
  if (closedCents === 0) return { ok: false, refusal: 'restructure.nothing_remaining' };
  const finesCents = sum(input.pendingFeesCents);
  const includedFinesCents = input.fines === 'incluir' ? finesCents : 0;
  const spreadCents = closedCents + includedFinesCents;
  // Fewer centavos than weeks would make $0.00 installments: the schedule shrinks to one per centavo.
  const weeks = Math.min(input.weeks, spreadCents);
  const installments = installmentAmountsCents(spreadCents, weeks).map((amountCents, i) => ({
    paymentNumber: input.lastPaymentNumber + i + 1,
    dueDate: addDays(input.today, 7 * (i + 1)),
    amountCents,
    concept: `Reestructura · Pago ${i + 1} de ${weeks}`,
  }));
  return {
    ok: true,
    plan: {
      closedCents,
      finesCents,
      condonedFinesCents: finesCents - includedFinesCents,
      includedFinesCents,
      spreadCents,
      installments,
    },
  };
}
