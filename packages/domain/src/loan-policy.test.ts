import { describe, expect, it } from 'vitest';
import { addDays } from './business-time.ts';
import {
  buildSchedule,
  canSchedule,
  installmentAmountsCents,
  lateFeeCents,
  lateFeeConcept,
  loanTerms,
  minimumLoanAmountCents,
  totalToRepayCents,
  weeklyFeeCents,
} from './loan-policy.ts';

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('loan policy', () => {
  it('the smallest schedulable amount gives every installment at least one centavo, one less does not', () => {
    expect(minimumLoanAmountCents()).toBe(10);
    expect(minimumLoanAmountCents(0)).toBe(12);
    for (const interestBp of [0, 2_000, 10_000]) {
      const minimum = minimumLoanAmountCents(interestBp);
      const smallest = Math.min(...installmentAmountsCents(totalToRepayCents(minimum, interestBp)));
      expect(smallest).toBeGreaterThanOrEqual(1);
      expect(canSchedule(minimum, interestBp)).toBe(true);
      // One centavo less and the first installments would be $0.00.
      expect(Math.floor(totalToRepayCents(minimum - 1, interestBp) / 12)).toBe(0);
      expect(canSchedule(minimum - 1, interestBp)).toBe(false);
    }
  });

  it('with the default 20% each of the 12 installments equals the weekly fee', () => {
    const terms = loanTerms(1_000_000); // $10,000.00
    expect(terms).toEqual({
      amountCents: 1_000_000,
      weeklyFeeCents: 100_000,
      totalCents: 1_200_000,
      installmentCents: 100_000,
    });
  });

  it('installments sum exactly to the total and the last absorbs the rounding', () => {
    const total = totalToRepayCents(1_000_001, 2_000); // $10,000.01 → $12,000.01 (1200001.2 rounds down)
    expect(total).toBe(1_200_001);
    const amounts = installmentAmountsCents(total);
    expect(amounts).toHaveLength(12);
    expect(sum(amounts)).toBe(total);
    expect(amounts.slice(0, 11).every((a) => a === 100_000)).toBe(true);
    expect(amounts[11]).toBe(100_001);
    for (const cents of [1, 11, 12, 13, 99_999, 123_456_789]) {
      const parts = installmentAmountsCents(cents);
      expect(sum(parts)).toBe(cents);
      expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(11);
    }
  });

  it('rounds the weekly fee and interest half up to the centavo', () => {
    expect(weeklyFeeCents(15)).toBe(2); // 1.5 → 2
    expect(weeklyFeeCents(14)).toBe(1);
    expect(totalToRepayCents(5, 1_000)).toBe(6); // 5 + 0.5 → 6
    expect(() => weeklyFeeCents(0)).toThrow(RangeError);
    expect(() => weeklyFeeCents(1.5)).toThrow(RangeError);
  });

  it('schedules installment k on anchor + 7k days with concept "Pago k de 12", across months and years', () => {
    const schedule = buildSchedule(1_200_000, '2026-11-20');
    expect(schedule[0]).toEqual({
      paymentNumber: 1,
      dueDate: '2026-11-27',
      amountCents: 100_000,
      concept: 'Pago 1 de 12',
    });
    expect(schedule[5]?.dueDate).toBe('2027-01-01');
    expect(schedule[11]).toMatchObject({
      paymentNumber: 12,
      dueDate: '2027-02-12',
      concept: 'Pago 12 de 12',
    });
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('accrues the daily fee until the weekly cap, the last one trimmed', () => {
    expect(lateFeeCents(5_000, 100_000, 0)).toBe(5_000);
    expect(lateFeeCents(5_000, 12_000, 10_000)).toBe(2_000);
    expect(lateFeeCents(5_000, 12_000, 12_000)).toBe(0);
    expect(lateFeeCents(5_000, 12_000, 15_000)).toBe(0);
    expect(lateFeeConcept(3)).toBe('Multa por atraso · Pago 3');
  });
});
