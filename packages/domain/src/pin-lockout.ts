/**
 * The limits of the PIN lockout of public payment authorisation (docs/architecture.md "People and access").
 * The rule that applies them is ONE atomic upsert in SQL (modules/public/pin-lockouts.ts), so concurrent
 * failures on any number of servers are all counted; this file holds only its constants and the pure
 * wording of a lock.
 *
 * - Per client address: 5 wrong PINs for one typed user number within 15 minutes lock that number for
 *   that address for 15 minutes. A typo streak or one attacker stops one address, not the business.
 * - Every address together: 20 wrong PINs within an hour lock the number everywhere for 15 minutes
 *   and notify the administrators (audit event + notice), who can unlock it.
 * - A window starts at its first failure; a failure after the window (or after a lock has ended)
 *   starts a new count at 1. While a number is locked its attempts are refused without counting.
 * - A right PIN clears the count of its own address only: a success says nothing about the failures
 *   that came from elsewhere, so the count of every address runs out with its hour.
 */

export interface LockoutLimits {
  /** The failure that locks (at least 2: the first failure of a window never locks). */
  maxFailures: number;
  /** Failures count together while they fall within this time of the window's first failure. */
  windowMs: number;
  /** How long a lock lasts. */
  lockMs: number;
}

const MINUTE = 60_000;

export const PIN_LOCKOUT = {
  address: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  everywhere: { maxFailures: 20, windowMs: 60 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, LockoutLimits>;

/** The `scope` of the counter of every address together (a client address is never '*'). */
export const EVERYWHERE = '*';

/** Seconds until the lock ends, rounded up (the `Retry-After` header): at least 1. */
export function retryAfterSeconds(lockedUntil: Date, now: Date): number {
  return Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
}

/**
 * The wall-clock time (24 h, HH:MM) in `timeZone` at which a lock ending at `lockedUntil` has ended:
 * rounded UP to the minute, so trying again at the time shown always works.
 */
export function reopensAt(lockedUntil: Date, timeZone: string): string {
  const minute = new Date(Math.ceil(lockedUntil.getTime() / MINUTE) * MINUTE);
  return new Intl.DateTimeFormat('es-MX', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(minute);
}
