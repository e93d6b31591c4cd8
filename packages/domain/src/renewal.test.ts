import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkRenewal } from './renewal.ts';

const base = {
  status: 'ACTIVE',
  paidInstallments: 8,
  threshold: 8,
  amountCents: 1_000_000,
  payoffCents: 400_000,
};

describe('checkRenewal', () => {
  it('hands over the new amount less the old loan’s payoff', () => {
    expect(checkRenewal(base)).toEqual({ ok: true, cashCents: 600_000 });
    expect(checkRenewal({ ...base, status: 'DELAYED', amountCents: 400_000 })).toEqual({
      ok: true,
      cashCents: 0,
    });
  });

  it('refuses below the threshold, a loan not open, an amount short of the payoff', () => {
    expect(checkRenewal({ ...base, paidInstallments: 7 })).toEqual({
      ok: false,
      refusal: 'renewal.threshold_not_reached',
    });
    expect(checkRenewal({ ...base, status: 'PAID' })).toMatchObject({ refusal: 'renewal.loan_not_open' });
    expect(checkRenewal({ ...base, amountCents: 399_999 })).toMatchObject({
      refusal: 'renewal.amount_short',
    });
  });

  it('no centavo created or lost: cash + payoff = the new amount, never negative', () => {
    fc.assert(
      fc.property(fc.nat({ max: 1e9 }), fc.nat({ max: 1e9 }), (amountCents, payoffCents) => {
        const outcome = checkRenewal({ ...base, amountCents, payoffCents });
        if (outcome.ok) {
          expect(outcome.cashCents + payoffCents).toBe(amountCents);
          expect(outcome.cashCents).toBeGreaterThanOrEqual(0);
        } else expect(amountCents).toBeLessThan(payoffCents);
      }),
    );
  });
});
