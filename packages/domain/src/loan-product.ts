/**
 * Loan products (docs/architecture.md "Loan products"): what a product fixes and the terms a loan copies
 * from it when it is requested. Pure functions over integer centavos and basis points; no I/O. A loan
 * keeps its own copy (loans.term_weeks, interest_bp, daily_fee_cents, weekly_fee_cents, late_fee_cap_bp,
 * renewal_threshold, payoff_discount_bp), so editing a product never changes an existing loan.
 */

import {
  canSchedule,
  DAILY_FEE_CENTS,
  DEFAULT_INTEREST_BP,
  DEFAULT_LATE_FEE_CAP_BP,
  loanTerms,
  minimumLoanAmountCents,
  TERM_WEEKS,
} from './loan-policy.ts';

/** No loan of any product is below $100, the floor of every request: a product's minimum may not go lower. */
export const LOAN_AMOUNT_FLOOR_CENTS = 10_000;

export interface LoanProductTerms {
  /** Number of weekly installments. */
  termWeeks: number;
  /** Flat interest over the whole term, in basis points (2000 = 20%). */
  interestBp: number;
  /** Late fee per past-due day of an installment. */
  dailyFeeCents: number;
  /** Late fees of one installment stop at this share of the amount, in basis points (1000 = 10%). */
  lateFeeCapBp: number;
  minAmountCents: number;
  maxAmountCents: number;
  /** Installments paid before the loan may be renewed. */
  renewalThreshold: number;
  /**
   * Early-payoff discount rule: the share of the interest not yet due that is waived when the loan is
   * paid off early, in basis points (0 = no discount). Stored here and copied to the loan; the payoff
   * quote applies it.
   */
  payoffDiscountBp: number;
}

/**
 * The specification's product (docs/product.md §9): 12 weekly installments, 20% flat, $50 a day,
 * late fees capped at 10% of the amount per installment. The minimum is the $100 floor; the maximum,
 * the renewal threshold and the (absent) payoff discount are this installation's defaults, which an
 * administrator edits on 'Productos' (migration 0035 writes this product).
 */
export const SPEC_PRODUCT_TERMS: LoanProductTerms = {
  termWeeks: TERM_WEEKS,
  interestBp: DEFAULT_INTEREST_BP,
  dailyFeeCents: DAILY_FEE_CENTS,
  lateFeeCapBp: DEFAULT_LATE_FEE_CAP_BP,
  minAmountCents: LOAN_AMOUNT_FLOOR_CENTS,
  maxAmountCents: 5_000_000,
  renewalThreshold: 8,
  payoffDiscountBp: 0,
};

/** The name the default product is created with. */
export const SPEC_PRODUCT_NAME = 'Semanal 12';

/** The bounds of each term a product may set (the contracts' schema and the table's CHECKs repeat them). */
export const PRODUCT_BOUNDS = {
  termWeeks: { min: 1, max: 104 },
  /** Up to 200% flat over the term. */
  interestBp: { min: 0, max: 20_000 },
  /** $0 to $10,000 a day. */
  dailyFeeCents: { min: 0, max: 1_000_000 },
  lateFeeCapBp: { min: 0, max: 10_000 },
  /** $100 to $10,000,000. */
  amountCents: { min: LOAN_AMOUNT_FLOOR_CENTS, max: 1_000_000_000 },
  payoffDiscountBp: { min: 0, max: 10_000 },
} as const;

export type ProductTermsRefusal =
  | 'product.min_above_max'
  | 'product.renewal_beyond_term'
  | 'product.min_not_schedulable';

/** Whether the terms make a product (each term's own bounds are the contract's; these relate them). */
export function checkProductTerms(terms: LoanProductTerms): ProductTermsRefusal | null {
  if (terms.minAmountCents > terms.maxAmountCents) return 'product.min_above_max';
  if (terms.renewalThreshold < 1 || terms.renewalThreshold > terms.termWeeks) {
    return 'product.renewal_beyond_term';
  }
  if (!canSchedule(terms.minAmountCents, terms.interestBp, terms.termWeeks)) {
    return 'product.min_not_schedulable';
  }
  return null;
}

export type LoanAmountRefusal =
  | { refusal: 'loan.amount_below_floor'; limitCents: number }
  | { refusal: 'loan.amount_below_product_minimum'; limitCents: number }
  | { refusal: 'loan.amount_above_product_maximum'; limitCents: number }
  | { refusal: 'loan.amount_below_minimum'; limitCents: number };

/**
 * Whether a loan of `amountCents` may be requested under the product: never below $100, within the
 * product's minimum and maximum, and large enough that every installment is at least one centavo.
 */
export function checkLoanAmount(amountCents: number, product: LoanProductTerms): LoanAmountRefusal | null {
  if (amountCents < LOAN_AMOUNT_FLOOR_CENTS) {
    return { refusal: 'loan.amount_below_floor', limitCents: LOAN_AMOUNT_FLOOR_CENTS };
  }
  if (amountCents < product.minAmountCents) {
    return { refusal: 'loan.amount_below_product_minimum', limitCents: product.minAmountCents };
  }
  if (amountCents > product.maxAmountCents) {
    return { refusal: 'loan.amount_above_product_maximum', limitCents: product.maxAmountCents };
  }
  if (!canSchedule(amountCents, product.interestBp, product.termWeeks)) {
    return {
      refusal: 'loan.amount_below_minimum',
      limitCents: minimumLoanAmountCents(product.interestBp, product.termWeeks),
    };
  }
  return null;
}

/** What a loan stores from its product and amount: its own copy of every term. */
export interface ProductLoanTerms {
  amountCents: number;
  termWeeks: number;
  interestBp: number;
  dailyFeeCents: number;
  /** The late-fee cap of one installment in centavos ('Multa semanal'). */
  weeklyFeeCents: number;
  totalCents: number;
  installmentCents: number;
  lateFeeCapBp: number;
  renewalThreshold: number;
  payoffDiscountBp: number;
}

/** The loan's terms from its product: the spec's product gives exactly the spec's figures. */
export function productLoanTerms(amountCents: number, product: LoanProductTerms): ProductLoanTerms {
  const terms = loanTerms(amountCents, product.interestBp, product.termWeeks, product.lateFeeCapBp);
  return {
    amountCents,
    termWeeks: product.termWeeks,
    interestBp: product.interestBp,
    dailyFeeCents: product.dailyFeeCents,
    weeklyFeeCents: terms.weeklyFeeCents,
    totalCents: terms.totalCents,
    installmentCents: terms.installmentCents,
    lateFeeCapBp: product.lateFeeCapBp,
    renewalThreshold: product.renewalThreshold,
    payoffDiscountBp: product.payoffDiscountBp,
  };
}

/**
 * Which product a request uses: the one named, else the only active one. `null` product with a
 * refusal when none is named and several (or none) are active, or the named one is not active.
 */
export type ProductChoiceRefusal = 'loan.product_required' | 'loan.product_not_found';

export function chooseProduct<P extends { id: string; active: boolean }>(
  active: readonly P[],
  productId: string | undefined,
): { ok: true; product: P } | { ok: false; refusal: ProductChoiceRefusal } {
  if (productId !== undefined) {
    const named = active.find((p) => p.id === productId && p.active);
    return named ? { ok: true, product: named } : { ok: false, refusal: 'loan.product_not_found' };
  }
  const [only, ...others] = active.filter((p) => p.active);
  if (only && others.length === 0) return { ok: true, product: only };
  return { ok: false, refusal: 'loan.product_required' };
}
