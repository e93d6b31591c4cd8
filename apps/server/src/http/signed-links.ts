import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from '@prestaya/contracts';

/**
 * Short-lived signed links to stored files (docs/architecture.md "Payments"): an <img>, an <iframe> or
 * a new tab sends no Bearer header, so a reply that lists files carries, per file,
 *   <path>?expires=<unix seconds>&signature=<hex HMAC-SHA256("<id>.<expires>")>
 * valid for LINK_LIFETIME_SECONDS. Each kind of link has its own key, derived from the JWT secret (so
 * every server sharing JWT_SECRET accepts the links of the others) with its own label: a link's
 * signature can never be confused with a token's, nor one kind of link with another.
 */
export const LINK_LIFETIME_SECONDS = 10 * 60;
/** How far apart the clocks of servers sharing one secret may be. */
const LINK_CLOCK_SKEW_SECONDS = 60;

/** The HMAC key of one kind of link; `label` names that kind, e.g. 'prestaya:payment-attachment-links:v1'. */
export function signedLinkKey(jwtSecret: string, label: string): Buffer {
  return createHmac('sha256', jwtSecret).update(label).digest();
}

function sign(key: Buffer, id: string, expires: number): string {
  return createHmac('sha256', key).update(`${id}.${expires}`).digest('hex');
}

/** `path` with the query that proves, until it expires, that the server handed it out for `id`. */
export function signedLink(
  key: Buffer,
  path: string,
  id: string,
  now: Date = new Date(),
  lifetimeSeconds = LINK_LIFETIME_SECONDS,
): string {
  const expires = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
  return `${path}?expires=${expires}&signature=${sign(key, id, expires)}`;
}

/**
 * The query of a signed link's route. Not text queries: each is matched against a short fixed pattern
 * (verifySignedLink) before anything else reads it, and any malformed value (repeated, too long) is a
 * link that does not verify (403), not a 400.
 */
export const signedLinkQuery = z.object({
  expires: z.unknown().optional(),
  signature: z.unknown().optional(),
});

/**
 * True when the signature is the link's for `id`, it has not expired and it claims no more than
 * LINK_LIFETIME_SECONDS (constant-time comparison).
 * The query values arrive untyped: anything but one short string each is a link that does not verify.
 */
export function verifySignedLink(
  key: Buffer,
  id: string,
  expires: unknown,
  signature: unknown,
  now: Date = new Date(),
): boolean {
  if (typeof expires !== 'string' || typeof signature !== 'string') return false;
  if (!/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature)) return false;
  const expiresAt = Number(expires);
  if (expiresAt * 1000 < now.getTime()) return false;
  // Never longer than the server itself signs for, whatever a holder of the secret signed.
  if (expiresAt > now.getTime() / 1000 + LINK_LIFETIME_SECONDS + LINK_CLOCK_SKEW_SECONDS) return false;
  const expected = Buffer.from(sign(key, id, expiresAt), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
