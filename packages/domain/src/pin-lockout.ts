/**
 * The limits of the PIN check of public payment authorisation (docs/architecture.md "People and access",
 * docs/reliability.md "PIN threat model"). The rule that applies them is ONE atomic upsert in SQL
 * (modules/public/pin-lockouts.ts), so concurrent failures on any number of servers are all counted;
 * this file holds only its constants and the pure wording of a lock.
 *
 * Only attempts that could succeed count: on a loan the client has looked up (number + phone, proven by
 * the lookup's signed proof) and with the number of that loan's agent or of an administrator. Anything
 * else is refused before the PIN is evaluated and counts nowhere, so a stranger cannot spend anybody's
 * attempts.
 *
 * - Pair: 5 wrong PINs for one (user number, loan) within 15 minutes lock that pair for 15 minutes,
 *   from every address. The agent's other loans keep working.
 * - Address: 5 wrong PINs for one user number from one client address within 15 minutes lock that
 *   number for that address for 15 minutes, whatever the loans: one client cannot walk many pairs.
 * - Burst: 20 wrong PINs for one user number within an hour, from any addresses, are reported to the
 *   administrators (one audit entry per window and a badge in Usuarios for a day). Never a lock: an
 *   outsider must not be able to stop honest agents.
 * - A window starts at its first failure; a failure after the window (or after a lock has ended)
 *   starts a new count at 1. While locked, attempts are refused without counting.
 * - A right PIN clears the pair's and its own address's count (not the burst count: a success says
 *   nothing about the failures that came from elsewhere).
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
  pair: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
  address: { maxFailures: 5, windowMs: 15 * MINUTE, lockMs: 15 * MINUTE },
} as const satisfies Record<string, LockoutLimits>;

/** The burst report: `failures` wrong PINs for one number within `windowMs`; shown for `shownMs`. */
export const PIN_BURST = { failures: 20, windowMs: 60 * MINUTE, shownMs: 24 * 60 * MINUTE } as const;

/** The `scope` of a number's burst counter (every address and loan together). */
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
