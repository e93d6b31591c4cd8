/**
 * Loan policy (docs/architecture.md "Loan policy"). Pure functions over integer centavos and calendar dates
 * ('YYYY-MM-DD'); no I/O. Every amount the server stores for a loan, and the loan form's preview of it,
 * comes from here.
 */

import { addDays } from './business-time.ts';

export const TERM_WEEKS = 12;
export const DAILY_FEE_CENTS = 5_000;
/** Default flat interest: 20% (stored on each loan at creation, in basis points). */
export const DEFAULT_INTEREST_BP = 2_000;

/** Round half up of a non-negative rational n/d, exact in integer arithmetic. */
function divRoundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

function assertCents(cents: number, what: string) {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new RangeError(`${what} inválido: ${cents}`);
}

/** The spec's late-fee cap per installment: 10% of the amount (docs/product.md §9), in basis points. */
export const DEFAULT_LATE_FEE_CAP_BP = 1_000;

/**
 * The late-fee cap per installment ('Multa semanal'): `capBp` basis points of the amount, rounded half
 * up to the centavo. The spec's product caps at 10% (docs/product.md §9); other products set their share.
 */
export function weeklyFeeCents(amountCents: number, capBp = DEFAULT_LATE_FEE_CAP_BP): number {
  assertCents(amountCents, 'Monto');
  if (!Number.isInteger(capBp) || capBp < 0) throw new RangeError(`Tope inválido: ${capBp}`);
  return divRoundHalfUp(amountCents * capBp, 10_000);
}

/**
 * The late fee of one more past-due day of an installment (docs/architecture.md "Loan policy"): the
 * loan's daily fee, the last one trimmed so the installment's fees (cancelled ones too) reach the weekly
 * cap and never pass it; 0 once they have. The server's accrual applies it in SQL (jobs/accrual.ts).
 */
export function lateFeeCents(dailyFeeCents: number, weeklyFeeCents: number, accruedCents: number): number {
  return Math.max(0, Math.min(dailyFeeCents, weeklyFeeCents - accruedCents));
}

/** The concept of a late fee of installment k (the accrual writes the same text). */
export const lateFeeConcept = (installmentNumber: number) => `Multa por atraso · Pago ${installmentNumber}`;

/** Total to repay = amount × (1 + rate). */
export function totalToRepayCents(amountCents: number, interestBp: number): number {
  assertCents(amountCents, 'Monto');
  if (!Number.isInteger(interestBp) || interestBp < 0) throw new RangeError(`Tasa inválida: ${interestBp}`);
  return amountCents + divRoundHalfUp(amountCents * interestBp, 10_000);
}

/** `term` equal installments; the last absorbs the rounding so they sum exactly to the total. */
export function installmentAmountsCents(totalCents: number, term = TERM_WEEKS): number[] {
  assertCents(totalCents, 'Total');
  const base = Math.floor(totalCents / term);
  const amounts = Array.from({ length: term }, () => base);
  amounts[term - 1] = totalCents - base * (term - 1);
  return amounts;
}

/**
 * Whether an amount can be scheduled: every one of the `term` installments must be at least one
 * centavo (the total must reach `term` centavos), or delivering the loan would write an installment of
 * $0.00.
 */
export function canSchedule(
  amountCents: number,
  interestBp = DEFAULT_INTEREST_BP,
  term = TERM_WEEKS,
): boolean {
  return totalToRepayCents(amountCents, interestBp) >= term;
}

/** The smallest amount `canSchedule` accepts: 10 centavos at 20% over 12 weeks. */
export function minimumLoanAmountCents(interestBp = DEFAULT_INTEREST_BP, term = TERM_WEEKS): number {
  let amountCents = 1;
  while (!canSchedule(amountCents, interestBp, term)) amountCents += 1;
  return amountCents;
}

export interface ScheduledInstallment {
  paymentNumber: number;
  dueDate: string;
  amountCents: number;
  concept: string;
}

/**
 * The schedule generated at delivery: installment k (1..term) is due anchor + 7·k days, concept
 * 'Pago k de term'. The anchor is the delivery day, or the request date for a loanFromPast.
 */
export function buildSchedule(
  totalCents: number,
  anchorDate: string,
  term = TERM_WEEKS,
): ScheduledInstallment[] {
  return installmentAmountsCents(totalCents, term).map((amountCents, i) => ({
    paymentNumber: i + 1,
    dueDate: addDays(anchorDate, 7 * (i + 1)),
    amountCents,
    concept: `Pago ${i + 1} de ${term}`,
  }));
}

export interface LoanTerms {
  amountCents: number;
  weeklyFeeCents: number;
  totalCents: number;
  installmentCents: number;
}

/**
 * Everything derived from the amount when a loan is requested or its amount edited, for the loan's own
 * rate, term and late-fee cap (the spec's product by default; loan-product.ts gives another product's).
 */
export function loanTerms(
  amountCents: number,
  interestBp = DEFAULT_INTEREST_BP,
  term = TERM_WEEKS,
  capBp = DEFAULT_LATE_FEE_CAP_BP,
): LoanTerms {
  const totalCents = totalToRepayCents(amountCents, interestBp);
  return {
    amountCents,
    weeklyFeeCents: weeklyFeeCents(amountCents, capBp),
    totalCents,
    installmentCents: installmentAmountsCents(totalCents, term)[0] ?? 0,
  };
}
