import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annualCostRate, catPercent, weeklyLoanCat } from './cat.ts';
import {
  DEFAULT_INTEREST_BP,
  installmentAmountsCents,
  TERM_WEEKS,
  totalToRepayCents,
} from './loan-policy.ts';

/**
 * A second method, independent of annualCostRate's bisection on ln(1 + i): Newton's method on the
 * weekly rate r of Σ p_k (1 + r)^(−k) = amount, then (1 + r)^weeksPerYear − 1.
 */
function weeklyRateByNewton(amountCents: number, installmentsCents: number[]): number {
  let r = 0.01;
  for (let step = 0; step < 100; step += 1) {
    let value = -amountCents;
    let slope = 0;
    installmentsCents.forEach((cents, index) => {
      const k = index + 1;
      value += cents * (1 + r) ** -k;
      slope -= k * cents * (1 + r) ** (-k - 1);
    });
    const next = r - value / slope;
    if (Math.abs(next - r) < 1e-15) return next;
    r = next;
  }
  return r;
}

describe('CAT by the Banco de México method', () => {
  it('one payment: the closed form (B / A)^(1 / T) − 1', () => {
    // $1,000 received, $1,500 paid half a year later: 1.5² − 1 = 125 %.
    expect(
      annualCostRate({ received: [{ years: 0, cents: 100_000 }], paid: [{ years: 0.5, cents: 150_000 }] }),
    ).toBeCloseTo(1.25, 12);
    // $100 received, $343 a week later: 3.43^52 − 1, about 6 × 10^27, still a number.
    expect(
      annualCostRate({ received: [{ years: 0, cents: 10_000 }], paid: [{ years: 1 / 52, cents: 34_300 }] }) /
        (3.43 ** 52 - 1),
    ).toBeCloseTo(1, 9);
    // $1,000 received, $1,210 two years later: 10 % a year.
    expect(
      annualCostRate({ received: [{ years: 0, cents: 100_000 }], paid: [{ years: 2, cents: 121_000 }] }),
    ).toBeCloseTo(0.1, 12);
  });

  it('one payment of any size and term agrees with the closed form', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 100_000_000 }),
        fc.integer({ min: 0, max: 300 }),
        fc.integer({ min: 1, max: 104 }),
        (amount, markupPercent, weeks) => {
          const paid = amount + Math.round((amount * markupPercent) / 100);
          const years = weeks / 52;
          const expected = (paid / amount) ** (1 / years) - 1;
          const rate = annualCostRate({
            received: [{ years: 0, cents: amount }],
            paid: [{ years, cents: paid }],
          });
          expect(Math.abs(rate - expected)).toBeLessThanOrEqual(1e-9 * Math.max(1, expected));
        },
      ),
    );
  });

  it('the specification’s product: $10,000 in 12 weekly installments of $1,000 is a CAT of 347.3 %', () => {
    const installments = installmentAmountsCents(
      totalToRepayCents(1_000_000, DEFAULT_INTEREST_BP),
      TERM_WEEKS,
    );
    expect(installments).toEqual(Array.from({ length: 12 }, () => 100_000));
    // Computed apart with 50-digit decimals (weekly rate 2.92285…%, (1 + r)^52 − 1 = 3.47316…).
    expect(weeklyLoanCat({ amountCents: 1_000_000, installmentsCents: installments })).toBe(347.3);
    // The same terms give the same CAT whatever the amount (flat interest, equal installments).
    const small = installmentAmountsCents(totalToRepayCents(300_000, DEFAULT_INTEREST_BP), TERM_WEEKS);
    expect(weeklyLoanCat({ amountCents: 300_000, installmentsCents: small })).toBe(347.3);
  });

  it('weekly schedules agree with Newton’s method on the weekly rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 10_000, max: 50_000_000 }),
        fc.integer({ min: 0, max: 6_000 }),
        fc.integer({ min: 1, max: 52 }),
        (amount, interestBp, term) => {
          const installments = installmentAmountsCents(totalToRepayCents(amount, interestBp), term);
          const weekly = weeklyRateByNewton(amount, installments);
          const expected = (1 + weekly) ** 52 - 1;
          const rate = annualCostRate({
            received: [{ years: 0, cents: amount }],
            paid: installments.map((cents, index) => ({ years: (index + 1) / 52, cents })),
          });
          expect(Math.abs(rate - expected)).toBeLessThanOrEqual(1e-8 * Math.max(1, expected));
        },
      ),
    );
  });

  it('a cost charged at delivery raises the CAT; fewer weeks in the year lower it', () => {
    const installmentsCents = Array.from({ length: 12 }, () => 100_000);
    const plain = weeklyLoanCat({ amountCents: 1_000_000, installmentsCents });
    expect(
      weeklyLoanCat({ amountCents: 1_000_000, installmentsCents, upfrontCostsCents: 50_000 }),
    ).toBeGreaterThan(plain);
    expect(weeklyLoanCat({ amountCents: 1_000_000, installmentsCents, weeksPerYear: 48 })).toBeLessThan(
      plain,
    );
  });

  it('nothing paid over what was received is a CAT of 0.0 %', () => {
    expect(
      weeklyLoanCat({ amountCents: 120_000, installmentsCents: Array.from({ length: 12 }, () => 10_000) }),
    ).toBe(0);
  });

  it('rounds the percentage half up to one decimal', () => {
    expect(catPercent(3.47316)).toBe(347.3);
    expect(catPercent(3.47351)).toBe(347.4);
    expect(catPercent(0.1)).toBe(10);
  });

  it('refuses flows it cannot price', () => {
    expect(() => annualCostRate({ received: [], paid: [{ years: 1, cents: 1 }] })).toThrow(RangeError);
    expect(() =>
      annualCostRate({ received: [{ years: 0.5, cents: 100 }], paid: [{ years: 0.25, cents: 200 }] }),
    ).toThrow(RangeError);
    expect(() =>
      annualCostRate({ received: [{ years: 0, cents: 0 }], paid: [{ years: 1, cents: 200 }] }),
    ).toThrow(RangeError);
    expect(() =>
      weeklyLoanCat({ amountCents: 100_000, installmentsCents: [50_000], weeksPerYear: 0 }),
    ).toThrow(RangeError);
  });
});
