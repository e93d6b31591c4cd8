import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAILY_FEE_CENTS, loanTerms, weeklyFeeCents } from './loan-policy.ts';
import {
  checkLoanAmount,
  checkProductTerms,
  chooseProduct,
  LOAN_AMOUNT_FLOOR_CENTS,
  type LoanProductTerms,
  productLoanTerms,
  SPEC_PRODUCT_TERMS,
} from './loan-product.ts';

const product = (overrides: Partial<LoanProductTerms> = {}): LoanProductTerms => ({
  ...SPEC_PRODUCT_TERMS,
  ...overrides,
});

describe('loan products', () => {
  it("the spec's product gives the spec's loan: 12 × $1,000, $50 a day, cap $1,000 on $10,000", () => {
    expect(productLoanTerms(1_000_000, SPEC_PRODUCT_TERMS)).toEqual({
      amountCents: 1_000_000,
      termWeeks: 12,
      interestBp: 2_000,
      dailyFeeCents: DAILY_FEE_CENTS,
      weeklyFeeCents: 100_000,
      totalCents: 1_200_000,
      installmentCents: 100_000,
      lateFeeCapBp: 1_000,
      renewalThreshold: 8,
      payoffDiscountBp: 0,
    });
  });

  it("the spec's product agrees with the spec's loan policy for every amount", () => {
    fc.assert(
      fc.property(fc.integer({ min: LOAN_AMOUNT_FLOOR_CENTS, max: 1_000_000_000 }), (amountCents) => {
        const terms = productLoanTerms(amountCents, SPEC_PRODUCT_TERMS);
        const spec = loanTerms(amountCents);
        expect(terms).toMatchObject(spec);
        expect(terms.weeklyFeeCents).toBe(weeklyFeeCents(amountCents));
      }),
    );
  });

  it("another product's term, rate and cap share: $5,000 over 8 weeks at 16%, cap 5%", () => {
    const terms = productLoanTerms(
      500_000,
      product({ termWeeks: 8, interestBp: 1_600, lateFeeCapBp: 500, dailyFeeCents: 3_000 }),
    );
    expect(terms).toMatchObject({
      termWeeks: 8,
      interestBp: 1_600,
      dailyFeeCents: 3_000,
      weeklyFeeCents: 25_000,
      totalCents: 580_000,
      installmentCents: 72_500,
    });
  });

  it('rounds the cap share half up to the centavo: 12.5% of $1,000.05 = $125.01', () => {
    expect(weeklyFeeCents(100_005, 1_250)).toBe(12_501);
    expect(weeklyFeeCents(100_003, 1_250)).toBe(12_500);
    expect(weeklyFeeCents(100_000, 0)).toBe(0);
  });

  it('refuses amounts below $100 whatever the product, then outside its minimum and maximum', () => {
    const p = product({ minAmountCents: 200_000, maxAmountCents: 1_000_000 });
    expect(checkLoanAmount(9_999, SPEC_PRODUCT_TERMS)).toEqual({
      refusal: 'loan.amount_below_floor',
      limitCents: 10_000,
    });
    expect(checkLoanAmount(10_000, SPEC_PRODUCT_TERMS)).toBeNull();
    expect(checkLoanAmount(199_999, p)).toEqual({
      refusal: 'loan.amount_below_product_minimum',
      limitCents: 200_000,
    });
    expect(checkLoanAmount(200_000, p)).toBeNull();
    expect(checkLoanAmount(1_000_000, p)).toBeNull();
    expect(checkLoanAmount(1_000_001, p)).toEqual({
      refusal: 'loan.amount_above_product_maximum',
      limitCents: 1_000_000,
    });
  });

  it('relates the terms of a product: minimum ≤ maximum, renewal within the term', () => {
    expect(checkProductTerms(SPEC_PRODUCT_TERMS)).toBeNull();
    expect(checkProductTerms(product({ minAmountCents: 20_000, maxAmountCents: 19_999 }))).toBe(
      'product.min_above_max',
    );
    expect(checkProductTerms(product({ termWeeks: 6, renewalThreshold: 7 }))).toBe(
      'product.renewal_beyond_term',
    );
    expect(checkProductTerms(product({ termWeeks: 6, renewalThreshold: 6 }))).toBeNull();
    expect(checkProductTerms(product({ renewalThreshold: 0 }))).toBe('product.renewal_beyond_term');
  });

  it('uses the only active product when none is named, and asks for one when several are active', () => {
    const a = { id: 'a', active: true };
    const b = { id: 'b', active: true };
    const off = { id: 'c', active: false };
    expect(chooseProduct([a, off], undefined)).toEqual({ ok: true, product: a });
    expect(chooseProduct([a, b], undefined)).toEqual({ ok: false, refusal: 'loan.product_required' });
    expect(chooseProduct([a, b], 'b')).toEqual({ ok: true, product: b });
    expect(chooseProduct([a, off], 'c')).toEqual({ ok: false, refusal: 'loan.product_not_found' });
    expect(chooseProduct([], undefined)).toEqual({ ok: false, refusal: 'loan.product_required' });
  });
});
