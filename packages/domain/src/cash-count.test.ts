import { describe, expect, it } from 'vitest';
import {
  CASH_DENOMINATIONS,
  cashCountDifference,
  checkCashCount,
  MAX_PIECES_PER_DENOMINATION,
  runningDifferences,
  sumDenominations,
} from './cash-count.ts';

describe('the MXN denominations', () => {
  it('are the six bills and six coins, largest first, in centavos', () => {
    expect(CASH_DENOMINATIONS.map((d) => [d.key, d.cents, d.kind])).toEqual([
      ['B1000', 100_000, 'BILL'],
      ['B500', 50_000, 'BILL'],
      ['B200', 20_000, 'BILL'],
      ['B100', 10_000, 'BILL'],
      ['B50', 5_000, 'BILL'],
      ['B20', 2_000, 'BILL'],
      ['C20', 2_000, 'COIN'],
      ['C10', 1_000, 'COIN'],
      ['C5', 500, 'COIN'],
      ['C2', 200, 'COIN'],
      ['C1', 100, 'COIN'],
      ['C050', 50, 'COIN'],
    ]);
  });
});

describe('summing a count by denomination', () => {
  it('adds every piece in whole centavos, 50-centavo coins included', () => {
    // 2×1000 + 1×500 + 3×200 + 1×20 bill + 2×20 coin + 1×10 + 3×0.50 = 3,171.50
    expect(sumDenominations({ B1000: 2, B500: 1, B200: 3, B20: 1, C20: 2, C10: 1, C050: 3 })).toBe(317_150);
  });

  it('is 0 for an empty count or zeros', () => {
    expect(sumDenominations({})).toBe(0);
    expect(sumDenominations({ B1000: 0, C050: 0 })).toBe(0);
  });

  it('never loses a centavo where floats would (0.50 × 3 + 0.10 sums)', () => {
    expect(sumDenominations({ C050: 99_999 })).toBe(4_999_950);
    expect(sumDenominations({ C1: 7, C050: 1 })).toBe(750);
  });

  it('sums the largest count of every denomination exactly', () => {
    const all = Object.fromEntries(CASH_DENOMINATIONS.map((d) => [d.key, MAX_PIECES_PER_DENOMINATION]));
    const perPiece = CASH_DENOMINATIONS.reduce((sum, d) => sum + d.cents, 0);
    expect(perPiece).toBe(190_850);
    expect(sumDenominations(all)).toBe(190_850 * MAX_PIECES_PER_DENOMINATION);
  });

  it('refuses a count that is not a whole number of pieces from 0 to the maximum', () => {
    for (const pieces of [-1, 1.5, Number.NaN, MAX_PIECES_PER_DENOMINATION + 1]) {
      expect(() => sumDenominations({ B100: pieces })).toThrow(RangeError);
    }
  });
});

describe('the difference of a count', () => {
  it('is Faltante below the expected cash, Sobrante above it, none when equal', () => {
    expect(cashCountDifference(300_000, 295_050)).toEqual({ differenceCents: -4_950, kind: 'FALTANTE' });
    expect(cashCountDifference(300_000, 300_001)).toEqual({ differenceCents: 1, kind: 'SOBRANTE' });
    expect(cashCountDifference(300_000, 300_000)).toEqual({ differenceCents: 0, kind: null });
    expect(cashCountDifference(0, 0)).toEqual({ differenceCents: 0, kind: null });
    expect(cashCountDifference(0, 5_000)).toEqual({ differenceCents: 5_000, kind: 'SOBRANTE' });
  });

  it('refuses amounts that are not whole centavos from 0', () => {
    expect(() => cashCountDifference(-1, 0)).toThrow(RangeError);
    expect(() => cashCountDifference(0, 0.5)).toThrow(RangeError);
  });
});

describe('checking a count', () => {
  const base = { expectedCents: 300_000, countedCents: 300_000, denominations: null, note: null };

  it('accepts an exact count without a note', () => {
    expect(checkCashCount(base)).toEqual({ ok: true, differenceCents: 0, kind: null });
  });

  it('asks for a note when the cash differs, either way; blank is no note', () => {
    for (const countedCents of [299_999, 300_100]) {
      expect(checkCashCount({ ...base, countedCents })).toEqual({
        ok: false,
        refusal: 'cash_count.note_required',
      });
      expect(checkCashCount({ ...base, countedCents, note: '   ' })).toEqual({
        ok: false,
        refusal: 'cash_count.note_required',
      });
    }
    expect(checkCashCount({ ...base, countedCents: 299_000, note: 'Faltó un billete' })).toEqual({
      ok: true,
      differenceCents: -1_000,
      kind: 'FALTANTE',
    });
  });

  it('asks the denominations, when listed, to add up to the amount counted', () => {
    expect(checkCashCount({ ...base, denominations: { B1000: 3 } })).toEqual({
      ok: true,
      differenceCents: 0,
      kind: null,
    });
    expect(checkCashCount({ ...base, denominations: { B1000: 2, B500: 1 } })).toEqual({
      ok: false,
      refusal: 'cash_count.denominations_mismatch',
    });
  });
});

describe('the running total of differences', () => {
  it('adds each close’s difference to the ones before it', () => {
    expect(runningDifferences([-5_000, 0, 2_050, -50])).toEqual([-5_000, -5_000, -2_950, -3_000]);
    expect(runningDifferences([])).toEqual([]);
  });
});
