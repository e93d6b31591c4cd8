import { describe, expect, it } from 'vitest';
import { checkCollectedAt } from './collected-at.ts';

const now = new Date('2026-03-18T15:00:00.000Z');
const limits = { maxSkewMinutes: 5, maxAgeDays: 7 };
const at = (ms: number) => new Date(now.getTime() + ms);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('checkCollectedAt', () => {
  it('keeps an instant from maxAgeDays ago up to maxSkewMinutes ahead, both ends included', () => {
    for (const ms of [-7 * DAY, -DAY, -1, 0, 5 * MINUTE]) {
      expect(checkCollectedAt(at(ms), now, limits)).toEqual({ ok: true });
    }
  });

  it('refuses a moment past the tolerated clock skew', () => {
    expect(checkCollectedAt(at(5 * MINUTE + 1), now, limits)).toEqual({
      ok: false,
      refusal: 'payment.collected_in_future',
    });
    expect(checkCollectedAt(at(MINUTE), now, { ...limits, maxSkewMinutes: 0 })).toEqual({
      ok: false,
      refusal: 'payment.collected_in_future',
    });
  });

  it('refuses a moment older than maxAgeDays × 24 h', () => {
    expect(checkCollectedAt(at(-7 * DAY - 1), now, limits)).toEqual({
      ok: false,
      refusal: 'payment.collected_too_old',
    });
    expect(checkCollectedAt(at(-2 * DAY), now, { ...limits, maxAgeDays: 1 })).toEqual({
      ok: false,
      refusal: 'payment.collected_too_old',
    });
  });
});
