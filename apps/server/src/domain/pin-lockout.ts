/**
 * The PIN lockout of public payment authorisation (domain.md "People and access"): 5 wrong PINs for one
 * typed user number within FAILURE_WINDOW lock that number for 15 minutes; while locked even the right
 * PIN is refused; a success resets the counter; an expired lock (or a failure window that has passed)
 * starts over. Pure: the public service keeps the state in `pin_lockouts` and applies the same rule in
 * one atomic upsert (modules/public/pin-lockouts.ts mirrors `afterFailure`).
 */

export const PIN_LOCKOUT = {
  /** The failure that locks the number. */
  maxFailures: 5,
  /** How long a lock lasts. */
  lockMs: 15 * 60_000,
  /** Failures further apart than this do not add up (the count restarts). */
  failureWindowMs: 15 * 60_000,
} as const;

export interface PinLockoutState {
  failedCount: number;
  lastFailureAt: Date | null;
  lockedUntil: Date | null;
}

export const NO_FAILURES: PinLockoutState = { failedCount: 0, lastFailureAt: null, lockedUntil: null };

/** Locked right now: every attempt is refused without looking at the PIN. */
export function isLocked(state: PinLockoutState | undefined, now: Date): boolean {
  return state?.lockedUntil != null && state.lockedUntil.getTime() > now.getTime();
}

/** True when the stored failures no longer count: a lock that has expired or a window that has passed. */
export function startsOver(state: PinLockoutState, now: Date): boolean {
  if (state.lockedUntil != null && state.lockedUntil.getTime() <= now.getTime()) return true;
  return (
    state.lastFailureAt == null || now.getTime() - state.lastFailureAt.getTime() > PIN_LOCKOUT.failureWindowMs
  );
}

/** The state after one more failure at `now`. The failure that reaches maxFailures sets the lock. */
export function afterFailure(state: PinLockoutState | undefined, now: Date): PinLockoutState {
  const previous = state ?? NO_FAILURES;
  if (isLocked(previous, now)) return { ...previous, lastFailureAt: now };
  const failedCount = startsOver(previous, now) ? 1 : previous.failedCount + 1;
  return {
    failedCount,
    lastFailureAt: now,
    lockedUntil: failedCount >= PIN_LOCKOUT.maxFailures ? new Date(now.getTime() + PIN_LOCKOUT.lockMs) : null,
  };
}

/** The state after a correct PIN while not locked: nothing is remembered. */
export const afterSuccess = (): PinLockoutState => NO_FAILURES;
