import { describe, expect, it } from 'vitest';
import { EVERYWHERE, PIN_LOCKOUT, reopensAt, retryAfterSeconds } from './pin-lockout.ts';

const MIN = 60_000;

describe('PIN lockout wording (pure)', () => {
  it('limits: 5 per address in 15 minutes, 20 everywhere in an hour, 15-minute locks; the first failure never locks', () => {
    expect(PIN_LOCKOUT).toEqual({
      address: { maxFailures: 5, windowMs: 15 * MIN, lockMs: 15 * MIN },
      everywhere: { maxFailures: 20, windowMs: 60 * MIN, lockMs: 15 * MIN },
    });
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
