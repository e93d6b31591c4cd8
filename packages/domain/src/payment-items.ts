/**
 * How many items (installments and late fees) one payment may list. A payment that ticks items must
 * include every pending fee (payment-rules.ts), so its lists are as long as what the loan owes: the
 * bounds follow what a loan can really owe, derived from the product limits, and a product whose loans
 * could owe more fees than one payment carries is refused when it is saved.
 */

import { weeklyFeeCents } from './loan-policy.ts';
import { type LoanProductTerms, PRODUCT_BOUNDS, SPEC_PRODUCT_TERMS } from './loan-product.ts';
import { RESTRUCTURE_MAX_WEEKS } from './restructure.ts';

/** Late-fee rows one installment can accrue: one per past-due day until its cap (the last trimmed). */
export function maxFeesPerInstallment(weeklyFeeCentsCap: number, dailyFeeCents: number): number {
  return dailyFeeCents > 0 ? Math.ceil(weeklyFeeCentsCap / dailyFeeCents) : 0;
}

/**
 * Installments a loan can have open at once: its term, or the weeks a restructure spreads what remains
 * over (the closed installments' pending fees are forgiven or spread too, so none stay pending).
 */
export const maxOpenInstallments = (termWeeks: number) => Math.max(termWeeks, RESTRUCTURE_MAX_WEEKS);

/** Fee rows a loan can owe at once: every open installment with every fee up to its cap. */
export function maxOwedFees(loan: { termWeeks: number; weeklyFeeCents: number; dailyFeeCents: number }) {
  return maxOpenInstallments(loan.termWeeks) * maxFeesPerInstallment(loan.weeklyFeeCents, loan.dailyFeeCents);
}

/** Installments one payment may list: the longest term a product may set or a restructure make. */
export const MAX_PAYMENT_INSTALLMENTS = maxOpenInstallments(PRODUCT_BOUNDS.termWeeks.max);

/**
 * The specification's product at $50,000 (cap $5,000 at $50 a day: 100 fees per installment),
 * restructured over 52 weeks, can owe 52 × 100 = 5,200 fees; the $10,000 loan of the example owes at
 * most 12 × 20 = 240 before a restructure.
 */
export const SPEC_LOAN_MAX_FEES = maxOwedFees({
  termWeeks: SPEC_PRODUCT_TERMS.termWeeks,
  weeklyFeeCents: weeklyFeeCents(SPEC_PRODUCT_TERMS.maxAmountCents, SPEC_PRODUCT_TERMS.lateFeeCapBp),
  dailyFeeCents: SPEC_PRODUCT_TERMS.dailyFeeCents,
});

/**
 * Fees one payment may list: twice what the specification's product can owe at its $50,000 maximum,
 * leaving room for products with a lower daily fee or a larger maximum, while a request stays well
 * under half a megabyte (an id is 39 bytes of JSON).
 */
export const MAX_PAYMENT_FEES = 2 * SPEC_LOAN_MAX_FEES;

/** Bytes the JSON of a payment request may take with both lists full (ids, plus the other fields). */
export const MAX_PAYMENT_REQUEST_BYTES = (MAX_PAYMENT_INSTALLMENTS + MAX_PAYMENT_FEES) * 40 + 4 * 1024;

/**
 * Whether every loan of the product fits one payment: its largest loan's fees, over its term or a
 * restructure's, at most MAX_PAYMENT_FEES. Answers that most, or null when it fits.
 */
export function productFeesBeyondPayment(
  terms: Pick<LoanProductTerms, 'termWeeks' | 'dailyFeeCents' | 'lateFeeCapBp' | 'maxAmountCents'>,
): number | null {
  const fees = maxOwedFees({
    termWeeks: terms.termWeeks,
    weeklyFeeCents: weeklyFeeCents(terms.maxAmountCents, terms.lateFeeCapBp),
    dailyFeeCents: terms.dailyFeeCents,
  });
  return fees > MAX_PAYMENT_FEES ? fees : null;
}
