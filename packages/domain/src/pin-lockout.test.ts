import { describe, expect, it } from 'vitest';
import { EVERYWHERE, PIN_BURST, PIN_LOCKOUT, reopensAt, retryAfterSeconds } from './pin-lockout.ts';

const MIN = 60_000;

describe('PIN lockout wording (pure)', () => {
  it('limits: 5 per (number, loan) and per (number, address) in 15 minutes, 15-minute locks; the first failure never locks; a burst is 20 in an hour, shown a day, never a lock', () => {
    expect(PIN_LOCKOUT).toEqual({
      pair: { maxFailures: 5, windowMs: 15 * MIN, lockMs: 15 * MIN },
      address: { maxFailures: 5, windowMs: 15 * MIN, lockMs: 15 * MIN },
    });
    expect(PIN_BURST).toEqual({ failures: 20, windowMs: 60 * MIN, shownMs: 24 * 60 * MIN });
    // A guesser keeping to the pair limit (5 per lock) reaches the burst within the hour.
    expect(
      (PIN_BURST.windowMs / PIN_LOCKOUT.pair.lockMs) * PIN_LOCKOUT.pair.maxFailures,
    ).toBeGreaterThanOrEqual(PIN_BURST.failures);
    for (const limits of Object.values(PIN_LOCKOUT)) expect(limits.maxFailures).toBeGreaterThanOrEqual(2);
    expect(EVERYWHERE).toBe('*');
  });

  it('the time a lock opens is HH:MM (24 h) on the business clock, rounded up to the minute', () => {
    const zone = 'America/Mexico_City';
    expect(reopensAt(new Date('2025-03-03T18:15:00.000Z'), zone)).toBe('12:15');
    expect(reopensAt(new Date('2025-03-03T18:15:00.001Z'), zone)).toBe('12:16');
    expect(reopensAt(new Date('2025-03-03T18:15:30Z'), zone)).toBe('12:16');
    expect(reopensAt(new Date('2025-03-04T05:59:30Z'), zone)).toBe('00:00');
    expect(reopensAt(new Date('2025-03-04T03:05:00Z'), zone)).toBe('21:05');
    expect(reopensAt(new Date('2025-03-04T03:05:00Z'), 'UTC')).toBe('03:05');
  });

  it('Retry-After is the seconds left, rounded up, at least 1', () => {
    const now = new Date('2025-03-03T18:00:00Z');
    expect(retryAfterSeconds(new Date(now.getTime() + 15 * MIN), now)).toBe(900);
    expect(retryAfterSeconds(new Date(now.getTime() + 1500), now)).toBe(2);
    expect(retryAfterSeconds(now, now)).toBe(1);
  });
});
