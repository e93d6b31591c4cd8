import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ABONO_MIN_CENTS,
  type AbonoTarget,
  allocateAbono,
  feePart,
  type ItemParts,
  installmentPart,
  remainingCents,
} from './abono.ts';

const target = (id: string, remaining: number): AbonoTarget => ({ id, remainingCents: remaining });

describe('allocateAbono: worked examples', () => {
  // A $5,000 loan at 20 %: 12 installments of $500. She owes 4 fines of $50 and 9 installments.
  const fines = [target('f1', 5_000), target('f2', 5_000), target('f3', 5_000), target('f4', 5_000)];
  const installments = Array.from({ length: 9 }, (_, k) => target(`i${k + 4}`, 50_000));

  it('$1,500 of the $4,700 she owes: the fines, two installments and $300 of the third', () => {
    const result = allocateAbono(150_000, fines, installments);
    expect(result).toEqual({
      ok: true,
      amountCents: 150_000,
      lines: [
        { kind: 'fee', id: 'f1', amountCents: 5_000, remainingAfterCents: 0 },
        { kind: 'fee', id: 'f2', amountCents: 5_000, remainingAfterCents: 0 },
        { kind: 'fee', id: 'f3', amountCents: 5_000, remainingAfterCents: 0 },
        { kind: 'fee', id: 'f4', amountCents: 5_000, remainingAfterCents: 0 },
        { kind: 'installment', id: 'i4', amountCents: 50_000, remainingAfterCents: 0 },
        { kind: 'installment', id: 'i5', amountCents: 50_000, remainingAfterCents: 0 },
        { kind: 'installment', id: 'i6', amountCents: 30_000, remainingAfterCents: 20_000 },
      ],
    });
  });

  it('$120 pays two fines and $20 of the third, no installment', () => {
    const result = allocateAbono(12_000, fines, installments);
    expect(result.ok && result.lines.map((l) => [l.id, l.amountCents, l.remainingAfterCents])).toEqual([
      ['f1', 5_000, 0],
      ['f2', 5_000, 0],
      ['f3', 2_000, 3_000],
    ]);
  });

  it('accepts $1 and exactly what is owed; refuses $0.99 and $4,700.01', () => {
    expect(allocateAbono(100, fines, installments).ok).toBe(true);
    const all = allocateAbono(470_000, fines, installments);
    expect(all.ok && all.lines.every((l) => l.remainingAfterCents === 0)).toBe(true);
    expect(all.ok && all.lines).toHaveLength(13);
    expect(allocateAbono(99, fines, installments)).toEqual({
      ok: false,
      refusal: 'payment.abono_below_minimum',
      owedCents: 470_000,
    });
    expect(allocateAbono(470_001, fines, installments)).toEqual({
      ok: false,
      refusal: 'payment.abono_above_owed',
      owedCents: 470_000,
    });
  });

  it('starts with what remains of an installment paid in part', () => {
    const result = allocateAbono(30_000, [], [target('i6', 20_000), target('i7', 50_000)]);
    expect(result.ok && result.lines.map((l) => [l.id, l.amountCents, l.remainingAfterCents])).toEqual([
      ['i6', 20_000, 0],
      ['i7', 10_000, 40_000],
    ]);
  });

  it('refuses an abono on a loan that owes nothing, and non-integer centavos', () => {
    expect(allocateAbono(100, [], [target('i1', 0)])).toMatchObject({
      ok: false,
      refusal: 'payment.abono_nothing_owed',
    });
    expect(allocateAbono(150.5, fines, installments)).toMatchObject({
      ok: false,
      refusal: 'payment.abono_below_minimum',
    });
  });
});

/** Pending fines and unpaid installments, each with what remains of it, oldest first. */
const owedItems = fc.record({
  fees: fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 15 }),
  installments: fc.array(fc.integer({ min: 1, max: 2_000_000 }), { minLength: 1, maxLength: 12 }),
});
const targetsOf = (prefix: string, amounts: number[]) => amounts.map((a, k) => target(`${prefix}${k}`, a));
const sum = (amounts: number[]) => amounts.reduce((s, a) => s + a, 0);

/** A loan's items and an amount from $1 up to what it owes. */
const abonoCase = owedItems
  .filter(({ fees, installments }) => sum(fees) + sum(installments) >= ABONO_MIN_CENTS)
  .chain((items) =>
    fc.record({
      items: fc.constant(items),
      amount: fc.integer({ min: ABONO_MIN_CENTS, max: sum(items.fees) + sum(items.installments) }),
    }),
  );

describe('allocateAbono: properties', () => {
  it('creates and loses no centavo: the lines add up to the amount, and paid + remaining = before', () => {
    fc.assert(
      fc.property(abonoCase, ({ items, amount }) => {
        const fees = targetsOf('f', items.fees);
        const installments = targetsOf('i', items.installments);
        const result = allocateAbono(amount, fees, installments);
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(sum(result.lines.map((l) => l.amountCents))).toBe(amount);
        const before = new Map([...fees, ...installments].map((t) => [t.id, t.remainingCents]));
        for (const line of result.lines) {
          expect(line.amountCents + line.remainingAfterCents).toBe(before.get(line.id));
        }
      }),
    );
  });

  it('never negative: every part is > 0 and ≤ what remained, nothing remains negative', () => {
    fc.assert(
      fc.property(abonoCase, ({ items, amount }) => {
        const result = allocateAbono(amount, targetsOf('f', items.fees), targetsOf('i', items.installments));
        if (!result.ok) throw new Error(result.refusal);
        for (const line of result.lines) {
          expect(line.amountCents).toBeGreaterThan(0);
          expect(line.remainingAfterCents).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('fines first, oldest first: the lines are the items in order, all paid in full but the last', () => {
    fc.assert(
      fc.property(abonoCase, ({ items, amount }) => {
        const fees = targetsOf('f', items.fees);
        const installments = targetsOf('i', items.installments);
        const result = allocateAbono(amount, fees, installments);
        if (!result.ok) throw new Error(result.refusal);
        const order = [...fees, ...installments].map((t) => t.id);
        expect(result.lines.map((l) => l.id)).toEqual(order.slice(0, result.lines.length));
        for (const line of result.lines.slice(0, -1)) expect(line.remainingAfterCents).toBe(0);
        // No installment is touched while a fine remains.
        const firstInstallment = result.lines.findIndex((l) => l.kind === 'installment');
        if (firstInstallment >= 0) {
          expect(result.lines.filter((l) => l.kind === 'fee')).toHaveLength(fees.length);
        }
      }),
    );
  });

  it('two abonos in a row leave what one abono of their sum leaves (a retry never pays twice)', () => {
    fc.assert(
      fc.property(
        abonoCase.chain(({ items, amount }) =>
          fc.record({
            items: fc.constant(items),
            amount: fc.constant(amount),
            first: fc.integer({ min: 0, max: amount }),
          }),
        ),
        ({ items, amount, first }) => {
          const fees = targetsOf('f', items.fees);
          const installments = targetsOf('i', items.installments);
          const after = (ts: AbonoTarget[], lines: { id: string; remainingAfterCents: number }[]) =>
            ts.map((t) => {
              const line = lines.find((l) => l.id === t.id);
              return line ? target(t.id, line.remainingAfterCents) : t;
            });
          const once = allocateAbono(amount, fees, installments);
          if (!once.ok) throw new Error(once.refusal);
          // The same request answered twice is the same allocation.
          expect(allocateAbono(amount, fees, installments)).toEqual(once);
          const second = amount - first;
          let fees2 = fees;
          let installments2 = installments;
          for (const part of [first, second]) {
            if (part < ABONO_MIN_CENTS) {
              // Below $1 it is refused and changes nothing.
              expect(allocateAbono(part, fees2, installments2).ok).toBe(false);
              continue;
            }
            const result = allocateAbono(part, fees2, installments2);
            if (!result.ok) throw new Error(result.refusal);
            fees2 = after(fees2, result.lines);
            installments2 = after(installments2, result.lines);
          }
          if (first >= ABONO_MIN_CENTS && second >= ABONO_MIN_CENTS) {
            expect([...fees2, ...installments2]).toEqual(
              after([...fees, ...installments], once.lines).map((t) => target(t.id, t.remainingCents)),
            );
          }
        },
      ),
    );
  });

  it('refuses any amount above what is owed or below $1, naming what is owed', () => {
    fc.assert(
      fc.property(owedItems, fc.integer({ min: -1_000, max: 50_000_000 }), (items, amount) => {
        const owed = sum(items.fees) + sum(items.installments);
        const result = allocateAbono(amount, targetsOf('f', items.fees), targetsOf('i', items.installments));
        expect(result.ok).toBe(amount >= ABONO_MIN_CENTS && amount <= owed);
        if (!result.ok) expect(result.owedCents).toBe(owed);
      }),
    );
  });
});

describe('installmentPart and feePart', () => {
  const parts = (amountCents: number, paidCents = 0, heldCents = 0): ItemParts => ({
    amountCents,
    paidCents,
    heldCents,
  });

  it('a part taken keeps the installment owed; the rest taken makes it VALIDATING', () => {
    expect(installmentPart('DELAYED', parts(50_000), 30_000, { kind: 'take' })).toEqual({
      ok: true,
      status: 'DELAYED',
      paidCents: 0,
      heldCents: 30_000,
    });
    expect(installmentPart('DELAYED', parts(50_000, 0, 30_000), 20_000, { kind: 'take' })).toMatchObject({
      status: 'VALIDATING',
      heldCents: 50_000,
    });
    expect(installmentPart('PENDING', parts(50_000, 0, 30_000), 20_001, { kind: 'take' })).toMatchObject({
      ok: false,
      refusal: 'payment.not_payable',
    });
    expect(installmentPart('VALIDATING', parts(50_000, 0, 50_000), 1, { kind: 'take' })).toMatchObject({
      ok: false,
      refusal: 'payment.already_taken',
    });
  });

  it('confirming a part pays it; the last part makes it PAID', () => {
    expect(installmentPart('PENDING', parts(50_000, 0, 30_000), 30_000, { kind: 'confirm' })).toEqual({
      ok: true,
      status: 'PENDING',
      paidCents: 30_000,
      heldCents: 0,
    });
    expect(installmentPart('VALIDATING', parts(50_000, 30_000, 20_000), 20_000, { kind: 'confirm' })).toEqual(
      { ok: true, status: 'PAID', paidCents: 50_000, heldCents: 0 },
    );
    // Another payment still holds the rest: it stays VALIDATING.
    expect(
      installmentPart('VALIDATING', parts(50_000, 0, 50_000), 30_000, { kind: 'confirm' }),
    ).toMatchObject({
      status: 'VALIDATING',
      paidCents: 30_000,
      heldCents: 20_000,
    });
  });

  it('rejecting gives the part back: VALIDATING → DELAYED when past due', () => {
    expect(
      installmentPart('VALIDATING', parts(50_000, 30_000, 20_000), 20_000, { kind: 'reject', overdue: true }),
    ).toEqual({ ok: true, status: 'DELAYED', paidCents: 30_000, heldCents: 0 });
    expect(
      installmentPart('PENDING', parts(50_000, 0, 30_000), 30_000, { kind: 'reject', overdue: false }),
    ).toEqual({ ok: true, status: 'PENDING', paidCents: 0, heldCents: 0 });
    expect(feePart('VALIDATING', parts(5_000, 0, 5_000), 2_000, { kind: 'reject', overdue: false })).toEqual({
      ok: true,
      status: 'PENDING',
      paidCents: 0,
      heldCents: 3_000,
    });
  });

  it('parts stay within the amount whatever payments take, confirm and reject', () => {
    type Step = { part: number; decide: 'confirm' | 'reject' | 'wait' };
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }),
        fc.array(
          fc.record({
            part: fc.integer({ min: 1, max: 100_000 }),
            decide: fc.constantFrom('confirm', 'reject', 'wait'),
          }),
          {
            maxLength: 8,
          },
        ),
        (amount, steps: Step[]) => {
          let state = {
            status: 'PENDING' as const as Parameters<typeof installmentPart>[0],
            ...parts(amount),
          };
          const held: number[] = [];
          for (const step of steps) {
            const taken = installmentPart(state.status, state, step.part, { kind: 'take' });
            if (!taken.ok) {
              expect(step.part).toBeGreaterThan(remainingCents(state));
              continue;
            }
            state = { ...state, ...taken };
            held.push(step.part);
          }
          for (const [k, part] of held.entries()) {
            const decide = steps[k]?.decide ?? 'wait';
            if (decide === 'wait') continue;
            const next = installmentPart(
              state.status,
              state,
              part,
              decide === 'confirm' ? { kind: 'confirm' } : { kind: 'reject', overdue: false },
            );
            expect(next.ok).toBe(true);
            if (next.ok) state = { ...state, ...next };
          }
          expect(state.paidCents + state.heldCents).toBeLessThanOrEqual(amount);
          expect(state.paidCents).toBeGreaterThanOrEqual(0);
          expect(state.heldCents).toBeGreaterThanOrEqual(0);
          const expected =
            state.paidCents === amount
              ? 'PAID'
              : state.paidCents + state.heldCents === amount
                ? 'VALIDATING'
                : 'PENDING';
          expect(state.status).toBe(expected);
        },
      ),
    );
  });
});
