/**
 * Rules about staff sessions. Pure functions (no I/O, no clock of their own), unit-tested in test/credentials.
 *
 * A session starts at sign-in. Each token lasts 8 hours and may be refreshed for a new one, but every
 * refreshed token keeps the sign-in time, and no token outlives sign-in + 7 days: after that the user
 * types the password again. Times are whole seconds since the epoch, as in JWT claims.
 */

export const TOKEN_LIFETIME_SECONDS = 8 * 60 * 60;
export const SESSION_LIFETIME_SECONDS = 7 * 24 * 60 * 60;

/** When a session started at `signedInAt` ends, whatever the refreshes. */
export const sessionEnd = (signedInAt: number) => signedInAt + SESSION_LIFETIME_SECONDS;

/** A token may be refreshed only while its session has not ended. */
export function canRefresh(signedInAt: number, now: number): boolean {
  return now < sessionEnd(signedInAt);
}

/** iat and exp of a token issued at `now`: 8 hours, cut short by the end of the session. */
export function tokenTimes(signedInAt: number, now: number): { iat: number; exp: number } {
  return { iat: now, exp: Math.min(now + TOKEN_LIFETIME_SECONDS, sessionEnd(signedInAt)) };
}

/** How far apart the clocks of servers sharing one secret may be. */
export const CLOCK_SKEW_SECONDS = 60;

/**
 * A token's claims within the rule above: issued after its sign-in and not in the future, not expired
 * (from the second of `exp` on, as JWT's `exp` means and as canRefresh judges the session's end; the
 * JWT library alone would still accept the very millisecond of `exp`), living at most 8 hours from its
 * issue and never past sign-in + 7 days. Whoever holds the signing secret could claim any lifetime; the
 * server only honours what it would itself have issued.
 */
export function withinSessionRule(claims: { auth_time: number; iat: number; exp: number }, now: number) {
  return (
    now < claims.exp &&
    claims.auth_time <= claims.iat &&
    claims.iat <= now + CLOCK_SKEW_SECONDS &&
    claims.exp <= claims.iat + TOKEN_LIFETIME_SECONDS &&
    claims.exp <= sessionEnd(claims.auth_time)
  );
}

/** A token is current while it carries the user's token version (raised to end every session). */
export function isCurrentToken(tokenVersion: number, userTokenVersion: number): boolean {
  return tokenVersion === userTokenVersion;
}

export const toSeconds = (instant: Date) => Math.floor(instant.getTime() / 1000);
