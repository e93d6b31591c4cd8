import { createHash } from 'node:crypto';
import type { AppDb } from '../../db/client.ts';
import { countHit, peekHits } from '../../db/rate-limit-hits.ts';

export interface LoginRateLimit {
  /** Attempts per window for one username from one client address. */
  max: number;
  /** Attempts per window from one client address, whatever the usernames. */
  addressMax: number;
  timeWindowMs: number;
}

/**
 * The username is hashed into the key: a password typed into the username field by mistake must not
 * be stored. It arrives normalised (trimmed, lowercased) by the login contract, as login reads it, so
 * case variants of one account share a counter.
 */
const accountKey = (username: string, address: string) =>
  `login-user:${createHash('sha256').update(username).digest('base64url')}:${address}`;
const addressKey = (address: string) => `login:${address}`;

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
