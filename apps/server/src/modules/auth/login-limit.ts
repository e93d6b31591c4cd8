import { createHash } from 'node:crypto';
import type { AppDb } from '../../db/client.ts';
import { countHit, peekHits } from '../../db/rate-limit-hits.ts';

export interface LoginRateLimit {
  /** Attempts per window for one username from one client address. */
  max: number;
  /** Attempts per window from one client address, whatever the usernames. */
  addressMax: number;
  timeWindowMs: number;
  /**
   * Failed sign-ins of one username from every address together: beyond `max` in `windowMs`, only
   * addresses the account has signed in from before may try it until the window ends. Unset: no such
   * bound (tests that need many failures).
   */
  accountFailures?: { max: number; windowMs: number };
}

/** How long an address the account signed in from stays "known" to it. */
export const KNOWN_ADDRESS_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * The username is hashed into the key: a password typed into the username field by mistake must not
 * be stored. It arrives normalised (trimmed, lowercased) by the login contract, as login reads it, so
 * case variants of one account share a counter.
 */
const usernameHash = (username: string) => createHash('sha256').update(username).digest('base64url');
const accountKey = (username: string, address: string) => `login-user:${usernameHash(username)}:${address}`;
const addressKey = (address: string) => `login:${address}`;
const failuresKey = (username: string) => `login-failures:${usernameHash(username)}`;
const knownAddressKey = (username: string, address: string) =>
  `login-known:${usernameHash(username)}:${address}`;

/**
 * Counts one login attempt, before any password is checked (a refused attempt costs no Argon2), in the
 * database so every server shares the counts. Returns the wait in ms when the attempt is refused.
 *
 * An attempt refused for its (username, address) pair does not count against the address: someone
 * hammering one account from an office's shared address locks only that account there, and colleagues
 * behind the same address keep signing in. Trying many usernames from one address exhausts the address
 * limit; once exhausted, nothing more is written (no counter row per guessed username).
 */
export async function countLoginAttempt(
  db: AppDb,
  username: string,
  address: string,
  limit: LoginRateLimit,
): Promise<number | undefined> {
  const perAddress = await peekHits(db, addressKey(address));
  if (perAddress.current >= limit.addressMax) return perAddress.ttl;
  const perAccount = await countHit(db, accountKey(username, address), limit.timeWindowMs);
  if (perAccount.current > limit.max) return perAccount.ttl;
  const counted = await countHit(db, addressKey(address), limit.timeWindowMs);
  if (counted.current > limit.addressMax) return counted.ttl;
  return undefined;
}

/**
 * The per-account bound across addresses (docs/reliability.md "Hardening against hostile clients"):
 * guesses spread over many addresses each stay under the per-address limits, so failed sign-ins are
 * also counted per username, whatever the address. Past the bound, an attempt from an address the
 * account has not signed in from during the last 30 days waits for the window to end (the wait in ms
 * is returned); the real user, at their usual address, is not locked out by someone else's guesses.
 * An unknown username is bounded the same way, so the refusal says nothing about which accounts exist.
 */
export async function accountLockWait(
  db: AppDb,
  username: string,
  address: string,
  limit: LoginRateLimit,
): Promise<number | undefined> {
  if (!limit.accountFailures) return undefined;
  const failures = await peekHits(db, failuresKey(username));
  if (failures.current < limit.accountFailures.max) return undefined;
  const known = await peekHits(db, knownAddressKey(username, address));
  return known.current > 0 ? undefined : failures.ttl;
}

/** After the password check: a failure counts against the account, a success makes the address known. */
export async function recordLoginOutcome(
  db: AppDb,
  username: string,
  address: string,
  limit: LoginRateLimit,
  succeeded: boolean,
): Promise<void> {
  if (!limit.accountFailures) return;
  if (succeeded) await countHit(db, knownAddressKey(username, address), KNOWN_ADDRESS_MS);
  else await countHit(db, failuresKey(username), limit.accountFailures.windowMs);
}
