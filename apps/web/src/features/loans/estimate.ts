import { centsToPesos, LOAN_TERM_WEEKS, pesosToCents } from '@prestaya/contracts';

/**
 * A preview for the loan form only, computed the way the server does (apps/server domain/loan-policy)
 * in integer centavos: weekly fee = 10% of the amount; total = amount × (1 + rate); 12 installments of
 * ⌊total / 12⌋ with the last one absorbing the rounding. The server decides and stores the real values;
 * the form shows them as an estimate until the loan is saved.
 */
export const DEFAULT_INTEREST_RATE = 0.2;

export interface LoanEstimate {
  weeklyFee: number;
  totalToRepay: number;
  installment: number;
  lastInstallment: number;
}

/** Round half up of n/d for non-negative integers. */
const divRoundHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

function toCents(amount: unknown): number | null {
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return null;
  try {
    return pesosToCents(amount);
  } catch {
    return null;
  }
}

/** Weekly fee (Multa semanal): 10% of the amount; 0 while the amount is not a valid amount. */
export function weeklyFeeOf(amount: unknown): number {
  const cents = toCents(amount);
  return cents === null ? 0 : centsToPesos(divRoundHalfUp(cents, 10));
}

export function estimateLoan(
  amount: unknown,
  interestRate = DEFAULT_INTEREST_RATE,
  term = LOAN_TERM_WEEKS,
): LoanEstimate {
  const cents = toCents(amount);
  if (cents === null) return { weeklyFee: 0, totalToRepay: 0, installment: 0, lastInstallment: 0 };
  const rateBp = Math.round(interestRate * 10_000);
  const totalCents = cents + divRoundHalfUp(cents * rateBp, 10_000);
  const installmentCents = Math.floor(totalCents / term);
  return {
    weeklyFee: centsToPesos(divRoundHalfUp(cents, 10)),
    totalToRepay: centsToPesos(totalCents),
    installment: centsToPesos(installmentCents),
    lastInstallment: centsToPesos(totalCents - installmentCents * (term - 1)),
  };
}
