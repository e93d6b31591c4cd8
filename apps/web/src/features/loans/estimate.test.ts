import { describe, expect, it } from 'vitest';
import { businessToday } from '../../lib/format.ts';
import { estimateLoan, weeklyFeeOf } from './estimate.ts';

describe('loan form estimate (as the server computes it, in centavos)', () => {
  it('gives 12 × $1,000.00 and a $1,000.00 weekly fee for $10,000 at 20%', () => {
    expect(estimateLoan(10_000)).toEqual({
      weeklyFee: 1_000,
      totalToRepay: 12_000,
      installment: 1_000,
      lastInstallment: 1_000,
    });
  });

  it('lets the last installment absorb the rounding so the sum is exact', () => {
    const e = estimateLoan(1_234.56);
    expect(e.totalToRepay).toBe(1_481.47);
    expect(e.installment).toBe(123.45);
    expect(e.lastInstallment).toBe(123.52);
    expect(Math.round(e.installment * 100) * 11 + Math.round(e.lastInstallment * 100)).toBe(148_147);
  });

  it('rounds the weekly fee half up to the centavo, and is 0 for no amount', () => {
    expect(weeklyFeeOf(0.05)).toBe(0.01);
    expect(weeklyFeeOf(0.1 + 0.2)).toBe(0.03);
    expect(weeklyFeeOf(0)).toBe(0);
    expect(weeklyFeeOf(Number.NaN)).toBe(0);
    expect(estimateLoan('')).toEqual({ weeklyFee: 0, totalToRepay: 0, installment: 0, lastInstallment: 0 });
  });

  it("dates the request in Mexico City's calendar, not the browser's", () => {
    // 03:00 UTC on 2 March is still 1 March in Mexico City (UTC−6).
    expect(businessToday(new Date('2026-03-02T03:00:00Z'))).toBe('2026-03-01');
  });
});
