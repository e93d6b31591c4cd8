import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { planRestructure, RESTRUCTURE_MAX_WEEKS, type RestructureInput } from './restructure.ts';

const TODAY = '2026-03-04';

const input = (overrides: Partial<RestructureInput> = {}): RestructureInput => ({
  remainingCents: [100_000, 100_000, 100_004],
  pendingFeesCents: [5_000, 5_000],
  fines: 'condonar',
  weeks: 4,
  today: TODAY,
  lastPaymentNumber: 12,
  ...overrides,
});

describe('planRestructure', () => {
  it('spreads what remains over weekly installments from next week, numbered after the last', () => {
    const outcome = planRestructure(input());
    expect(outcome).toEqual({
      ok: true,
      plan: {
        closedCents: 300_004,
        finesCents: 10_000,
        condonedFinesCents: 10_000,
        includedFinesCents: 0,
        spreadCents: 300_004,
        installments: [
          {
            paymentNumber: 13,
            dueDate: '2026-03-11',
            amountCents: 75_001,
            concept: 'Reestructura · Pago 1 de 4',
          },
          {
            paymentNumber: 14,
            dueDate: '2026-03-18',
            amountCents: 75_001,
            concept: 'Reestructura · Pago 2 de 4',
          },
          {
            paymentNumber: 15,
            dueDate: '2026-03-25',
            amountCents: 75_001,
            concept: 'Reestructura · Pago 3 de 4',
          },
          {
            paymentNumber: 16,
            dueDate: '2026-04-01',
            amountCents: 75_001,
            concept: 'Reestructura · Pago 4 de 4',
          },
        ],
      },
    });
  });

  it('includes the fines when chosen, the last installment absorbing the rounding', () => {
    const outcome = planRestructure(input({ fines: 'incluir', weeks: 3 }));
    if (!outcome.ok) throw new Error(outcome.refusal);
    expect(outcome.plan.includedFinesCents).toBe(10_000);
    expect(outcome.plan.condonedFinesCents).toBe(0);
    expect(outcome.plan.spreadCents).toBe(310_004);
    expect(outcome.plan.installments.map((i) => i.amountCents)).toEqual([103_334, 103_334, 103_336]);
  });

  it('refuses a number of weeks outside 1–52 and a loan with nothing remaining', () => {
    for (const weeks of [0, -1, 53, 2.5, Number.NaN]) {
      expect(planRestructure(input({ weeks }))).toEqual({
        ok: false,
        refusal: 'restructure.weeks_out_of_range',
      });
    }
    expect(planRestructure(input({ remainingCents: [], fines: 'incluir' }))).toEqual({
      ok: false,
      refusal: 'restructure.nothing_remaining',
    });
    expect(planRestructure(input({ weeks: 1 })).ok).toBe(true);
    expect(planRestructure(input({ weeks: RESTRUCTURE_MAX_WEEKS })).ok).toBe(true);
  });

  it('never writes an installment of $0.00: a few centavos make fewer installments', () => {
    const outcome = planRestructure(input({ remainingCents: [3], pendingFeesCents: [], weeks: 10 }));
    if (!outcome.ok) throw new Error(outcome.refusal);
    expect(outcome.plan.installments.map((i) => i.amountCents)).toEqual([1, 1, 1]);
  });

  it('rejects amounts that are not positive integer centavos', () => {
    expect(() => planRestructure(input({ remainingCents: [10.5] }))).toThrow(RangeError);
    expect(() => planRestructure(input({ pendingFeesCents: [0] }))).toThrow(RangeError);
  });

  it('creates or loses no centavo, for any remaining, fines, choice and weeks', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000_000 }), { minLength: 1, maxLength: 60 }),
        fc.array(fc.integer({ min: 1, max: 100_000 }), { maxLength: 200 }),
        fc.constantFrom('condonar' as const, 'incluir' as const),
        fc.integer({ min: 1, max: 52 }),
        fc.integer({ min: 0, max: 200 }),
        (remainingCents, pendingFeesCents, fines, weeks, lastPaymentNumber) => {
          const outcome = planRestructure({
            remainingCents,
            pendingFeesCents,
            fines,
            weeks,
            today: TODAY,
            lastPaymentNumber,
          });
          if (!outcome.ok) throw new Error(outcome.refusal);
          const { plan } = outcome;
          const remaining = remainingCents.reduce((a, b) => a + b, 0);
          const feesTotal = pendingFeesCents.reduce((a, b) => a + b, 0);
          const spread = plan.installments.reduce((a, i) => a + i.amountCents, 0);
          expect(spread).toBe(remaining + (fines === 'incluir' ? feesTotal : 0));
          expect(plan.spreadCents).toBe(spread);
          expect(plan.condonedFinesCents + plan.includedFinesCents).toBe(feesTotal);
          expect(plan.installments.every((i) => Number.isInteger(i.amountCents) && i.amountCents > 0)).toBe(
            true,
          );
          expect(plan.installments[0]?.paymentNumber).toBe(lastPaymentNumber + 1);
          const base = plan.installments[0]?.amountCents ?? 0;
          expect(plan.installments.slice(0, -1).every((i) => i.amountCents === base)).toBe(true);
        },
      ),
    );
  });
});
