import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateAbono } from './abono.ts';
import { addDays } from './business-time.ts';
import { installmentAmountsCents } from './loan-policy.ts';
import { type PayoffFee, type PayoffInstallment, quotePayoff } from './payoff.ts';

const DELIVERED = '2026-01-05';

/** A loan of `amount` at `interestBp` delivered on DELIVERED: its weekly schedule, nothing paid. */
function schedule(amountCents: number, interestBp: number, weeks: number): PayoffInstallment[] {
  const total = amountCents + Math.round((amountCents * interestBp) / 10_000);
  return installmentAmountsCents(total, weeks).map((amount, k) => ({
    id: `i${k + 1}`,
    paymentNumber: k + 1,
    dueDate: addDays(DELIVERED, 7 * (k + 1)),
    status: 'PENDING',
    amountCents: amount,
    paidCents: 0,
    heldCents: 0,
  }));
}

const fee = (id: string, amountCents: number, paidCents = 0): PayoffFee => ({
  id,
  status: 'PENDING',
  amountCents,
  paidCents,
  heldCents: 0,
});

describe('quotePayoff: worked examples', () => {
  // $5,000 at 20 %: 12 installments of $500, each $416.66 principal and $83.33 interest (⌊500·2000/12000⌋).
  const base = schedule(500_000, 2_000, 12);

  it('after 4 paid, on day 30, with a 50 % discount and two fines of $50', () => {
    const installments = base.map((i, k) =>
      k < 4 ? { ...i, status: 'PAID' as const, paidCents: i.amountCents } : i,
    );
    const result = quotePayoff({
      today: addDays(DELIVERED, 30),
      interestBp: 2_000,
      discountBp: 5_000,
      installments,
      fees: [fee('f1', 5_000), fee('f2', 5_000), { ...fee('f3', 5_000), status: 'CANCELLED' }],
    });
    if (!result.ok) throw new Error(result.refusal);
    const { quote } = result;
    // 8 installments remain, all due after day 30: $4,000; interest $83.33 × 8 = $666.64; half is $333.28.
    expect(quote.installmentsCents).toBe(400_000);
    expect(quote.finesCents).toBe(10_000);
    expect(quote.interestNotDueCents).toBe(8 * 8_333);
    expect(quote.discountCents).toBe(8 * 4_166);
    expect(quote.quoteCents).toBe(400_000 + 10_000 - 8 * 4_166);
    expect(quote.lines.slice(0, 2).map((l) => l.kind)).toEqual(['fee', 'fee']);
  });

  it('gives no discount on installments already due, nor with a 0 % product', () => {
    const today = addDays(DELIVERED, 7 * 12);
    const result = quotePayoff({ today, interestBp: 2_000, discountBp: 5_000, installments: base, fees: [] });
    expect(result.ok && result.quote.discountCents).toBe(0);
    const none = quotePayoff({
      today: DELIVERED,
      interestBp: 2_000,
      discountBp: 0,
      installments: base,
      fees: [],
    });
    expect(none.ok && [none.quote.discountCents, none.quote.quoteCents]).toEqual([0, 600_000]);
  });

  it('prices an installment paid in part for what remains of it', () => {
    const installments = base.map((i, k) => (k === 0 ? { ...i, paidCents: 20_000 } : i));
    const result = quotePayoff({
      today: DELIVERED,
      interestBp: 2_000,
      discountBp: 10_000,
      installments,
      fees: [],
    });
    expect(result.ok && result.quote.lines[0]).toEqual({
      kind: 'installment',
      id: 'i1',
      remainingCents: 30_000,
      discountCents: 5_000,
      amountCents: 25_000,
    });
  });

  it('refuses a loan that owes nothing', () => {
    const paid = base.map((i) => ({ ...i, status: 'PAID' as const, paidCents: i.amountCents }));
    expect(
      quotePayoff({ today: DELIVERED, interestBp: 2_000, discountBp: 0, installments: paid, fees: [] }),
    ).toEqual({ ok: false, refusal: 'payoff.nothing_owed' });
  });
});

const loanArb = fc
  .record({
    amount: fc.integer({ min: 10_000, max: 50_000_000 }),
    interestBp: fc.integer({ min: 0, max: 20_000 }),
    discountBp: fc.integer({ min: 0, max: 10_000 }),
    weeks: fc.integer({ min: 1, max: 52 }),
    paidCount: fc.nat({ max: 52 }),
    partial: fc.nat({ max: 1_000_000 }),
    day: fc.integer({ min: 0, max: 400 }),
    fines: fc.array(
      fc.record({ amount: fc.integer({ min: 1, max: 100_000 }), paid: fc.nat({ max: 100_000 }) }),
      {
        maxLength: 12,
      },
    ),
  })
  .map((l) => {
    const installments = schedule(l.amount, l.interestBp, l.weeks).map((i, k) => {
      if (k < l.paidCount) return { ...i, status: 'PAID' as const, paidCents: i.amountCents };
      if (k === l.paidCount) return { ...i, paidCents: Math.min(l.partial, i.amountCents - 1) };
      return i;
    });
    return {
      input: {
        today: addDays(DELIVERED, l.day),
        interestBp: l.interestBp,
        discountBp: l.discountBp,
        installments,
        fees: l.fines.map((f, k) => fee(`f${k}`, f.amount, Math.min(f.paid, f.amount - 1))),
      },
    };
  });

describe('quotePayoff: properties', () => {
  it('quote = Σ remaining + Σ fines − discount; discount ≤ interest not yet due; never negative', () => {
    fc.assert(
      fc.property(loanArb, ({ input }) => {
        const result = quotePayoff(input);
        if (!result.ok) return;
        const q = result.quote;
        const remaining = input.installments
          .filter((i) => i.status !== 'PAID')
          .reduce((s, i) => s + i.amountCents - i.paidCents, 0);
        const fines = input.fees.reduce((s, f) => s + f.amountCents - f.paidCents, 0);
        expect(q.installmentsCents).toBe(remaining);
        expect(q.finesCents).toBe(fines);
        expect(q.quoteCents).toBe(remaining + fines - q.discountCents);
        expect(q.discountCents).toBeLessThanOrEqual(q.interestNotDueCents);
        expect(q.discountCents).toBeGreaterThanOrEqual(0);
        expect(q.quoteCents).toBeGreaterThanOrEqual(0);
        for (const line of q.lines) {
          expect(line.amountCents + line.discountCents).toBe(line.remainingCents);
          expect(line.amountCents).toBeGreaterThanOrEqual(0);
          expect(line.discountCents).toBeGreaterThanOrEqual(0);
        }
        if (input.discountBp === 0) expect(q.discountCents).toBe(0);
      }),
    );
  });

  it('no centavo created or lost: Σ lines = quote, every item closed, fines first, oldest first', () => {
    fc.assert(
      fc.property(loanArb, ({ input }) => {
        const result = quotePayoff(input);
        if (!result.ok) return;
        const q = result.quote;
        expect(q.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(q.quoteCents);
        expect(q.lines.reduce((s, l) => s + l.discountCents, 0)).toBe(q.discountCents);
        const kinds = q.lines.map((l) => l.kind);
        expect(
          kinds.indexOf('installment') === -1 || kinds.lastIndexOf('fee') < kinds.indexOf('installment'),
        ).toBe(true);
        const numbers = q.lines.filter((l) => l.kind === 'installment').map((l) => Number(l.id.slice(1)));
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        // Without a discount, the payoff is the abono of everything that remains, line for line.
        if (q.discountCents === 0 && q.quoteCents >= 100) {
          const abono = allocateAbono(
            q.quoteCents,
            q.lines
              .filter((l) => l.kind === 'fee')
              .map((l) => ({ id: l.id, remainingCents: l.remainingCents })),
            q.lines
              .filter((l) => l.kind === 'installment')
              .map((l) => ({ id: l.id, remainingCents: l.remainingCents })),
          );
          expect(abono.ok && abono.lines.map((l) => [l.id, l.amountCents, l.remainingAfterCents])).toEqual(
            q.lines.map((l) => [l.id, l.amountCents, 0]),
          );
        }
      }),
    );
  });

  it('is idempotent: quoting again the same rows gives the same quote', () => {
    fc.assert(
      fc.property(loanArb, ({ input }) => {
        expect(quotePayoff(input)).toEqual(quotePayoff(structuredClone(input)));
      }),
    );
  });

  it('a later day never quotes more discount (interest falls due)', () => {
    fc.assert(
      fc.property(loanArb, fc.integer({ min: 1, max: 60 }), ({ input }, later) => {
        const now = quotePayoff(input);
        const then = quotePayoff({ ...input, today: addDays(input.today, later) });
        if (now.ok && then.ok) expect(then.quote.discountCents).toBeLessThanOrEqual(now.quote.discountCents);
      }),
    );
  });
});
