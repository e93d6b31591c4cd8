import { centsToPesos, LOAN_TERM_WEEKS, pesosToCents } from '@prestaya/contracts';
import {
  DEFAULT_INTEREST_BP,
  DEFAULT_LATE_FEE_CAP_BP,
  installmentAmountsCents,
  loanCatPercent,
  totalToRepayCents,
  weeklyFeeCents,
} from '@prestaya/domain';

/**
 * A preview for the loan form only, computed by the same loan policy the server applies
 * (@prestaya/domain), in integer centavos and basis points. The server decides and stores the real
 * values; the form shows them as an estimate until the loan is saved.
 */
export const DEFAULT_INTEREST_RATE = DEFAULT_INTEREST_BP / 10_000;

export interface LoanEstimate {
  weeklyFee: number;
  totalToRepay: number;
  installment: number;
  lastInstallment: number;
}

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
  return cents === null ? 0 : centsToPesos(weeklyFeeCents(cents));
}

export function estimateLoan(
  amount: unknown,
  interestRate = DEFAULT_INTEREST_RATE,
  term = LOAN_TERM_WEEKS,
  /** The product's late-fee cap as a fraction of the amount (0.1: the spec's 10%). */
  lateFeeCapRate = DEFAULT_LATE_FEE_CAP_BP / 10_000,
): LoanEstimate {
  const cents = toCents(amount);
  if (cents === null) return { weeklyFee: 0, totalToRepay: 0, installment: 0, lastInstallment: 0 };
  // The API speaks rates (0.2); the policy speaks basis points (2000).
  const totalCents = totalToRepayCents(cents, Math.round(interestRate * 10_000));
  const installments = installmentAmountsCents(totalCents, term);
  return {
    weeklyFee: centsToPesos(weeklyFeeCents(cents, Math.round(lateFeeCapRate * 10_000))),
    totalToRepay: centsToPesos(totalCents),
    installment: centsToPesos(installments[0] ?? 0),
    lastInstallment: centsToPesos(installments[term - 1] ?? 0),
  };
}

/**
 * The CAT of the figures the form shows (the server's own for a saved loan), by the same domain rule the
 * server's documents use; null while the amount is not a valid amount.
 */
export function estimateCat(amount: unknown, totalToRepay: number, term: number): number | null {
  const cents = toCents(amount);
  if (cents === null || totalToRepay <= 0 || !Number.isInteger(term) || term < 1) return null;
  try {
    return loanCatPercent({ amountCents: cents, totalCents: pesosToCents(totalToRepay), termWeeks: term });
  } catch {
    return null;
  }
}
