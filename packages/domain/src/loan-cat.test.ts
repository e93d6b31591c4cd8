import { describe, expect, it } from 'vitest';
import { amountCatPercent, loanCatPercent, productCatPercent } from './loan-cat.ts';
import { SPEC_PRODUCT_TERMS } from './loan-product.ts';

describe('the CAT of a loan and of a product', () => {
  it("the specification's product: 12 weekly installments, 20 % flat → 347.3 %", () => {
    expect(productCatPercent(SPEC_PRODUCT_TERMS)).toBe(347.3);
    expect(amountCatPercent(100_000, SPEC_PRODUCT_TERMS)).toBe(347.3);
    expect(loanCatPercent({ amountCents: 300_000, totalCents: 360_000, termWeeks: 12 })).toBe(347.3);
  });

  it('follows the loan’s own terms: more interest or a shorter term costs more', () => {
    const base = loanCatPercent({ amountCents: 100_000, totalCents: 120_000, termWeeks: 12 });
    expect(loanCatPercent({ amountCents: 100_000, totalCents: 130_000, termWeeks: 12 })).toBeGreaterThan(
      base,
    );
    expect(loanCatPercent({ amountCents: 100_000, totalCents: 120_000, termWeeks: 8 })).toBeGreaterThan(base);
    expect(loanCatPercent({ amountCents: 100_000, totalCents: 120_000, termWeeks: 20 })).toBeLessThan(base);
  });

  it('a loan without interest costs 0 %', () => {
    expect(amountCatPercent(120_000, { interestBp: 0, termWeeks: 12 })).toBe(0);
  });
});
