import { weeklyLoanCat } from './cat.ts';
import { installmentAmountsCents, totalToRepayCents } from './loan-policy.ts';
import type { LoanProductTerms } from './loan-product.ts';

/**
 * The CAT every screen and document shows ('CAT sin IVA, para fines informativos'): one figure per loan,
 * computed from the loan's own copy of its terms (what it delivers and its weekly installments as
 * scheduled at delivery), so editing the product never changes a loan's CAT. No cost is charged at
 * delivery in this product, so the borrower receives the whole amount.
 */
export interface LoanCatTerms {
  amountCents: number;
  totalCents: number;
  termWeeks: number;
}

/** The loan's CAT in percent, one decimal (the specification's product: 347.3). */
export function loanCatPercent({ amountCents, totalCents, termWeeks }: LoanCatTerms): number {
  return weeklyLoanCat({ amountCents, installmentsCents: installmentAmountsCents(totalCents, termWeeks) });
}

/** The CAT of a loan of `amountCents` under the product's terms (the loan form's preview). */
export function amountCatPercent(
  amountCents: number,
  product: Pick<LoanProductTerms, 'interestBp' | 'termWeeks'>,
) {
  return loanCatPercent({
    amountCents,
    totalCents: totalToRepayCents(amountCents, product.interestBp),
    termWeeks: product.termWeeks,
  });
}

/**
 * A product's CAT, as the product list shows it: at the product's maximum amount, where rounding the
 * installments to centavos weighs least (a flat rate gives the same figure at any amount, give or take
 * that rounding).
 */
export function productCatPercent(
  product: Pick<LoanProductTerms, 'interestBp' | 'termWeeks' | 'maxAmountCents'>,
) {
  return amountCatPercent(product.maxAmountCents, product);
}
