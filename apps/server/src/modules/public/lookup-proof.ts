import { createHmac, timingSafeEqual } from 'node:crypto';
import { signedLinkKey } from '../../http/signed-links.ts';

/**
 * The proof that a client has looked a loan up with its number AND the customer's phone: the lookup's
 * reply carries `proof` = "<expires unix seconds>.<hex HMAC-SHA256('<loanId>.<expires>')>", and a PIN
 * attempt must send it back (header `X-Lookup-Proof`) for that very loan before the PIN is evaluated.
 * Signed with a key derived from the JWT secret under its own label, so every server sharing
 * JWT_SECRET accepts the proofs of the others and nothing is kept in process memory; a proof can never
 * pass for a link or a token.
 */
export const LOOKUP_PROOF_LIFETIME_SECONDS = 30 * 60;
/** How far apart the clocks of servers sharing one secret may be. */
const CLOCK_SKEW_SECONDS = 60;
const PROOF_PATTERN = /^(\d{1,12})\.([0-9a-f]{64})$/;

export const lookupProofKey = (jwtSecret: string): Buffer =>
  signedLinkKey(jwtSecret, 'prestaya:public-lookup-proof:v1');

const sign = (key: Buffer, loanId: string, expires: number) =>
  createHmac('sha256', key).update(`${loanId}.${expires}`).digest('hex');

/** The proof handed out with a successful lookup of `loanId` at `now`. */
export function lookupProof(key: Buffer, loanId: string, now: Date): string {
  const expires = Math.floor(now.getTime() / 1000) + LOOKUP_PROOF_LIFETIME_SECONDS;
  return `${expires}.${sign(key, loanId, expires)}`;
}

/**
 * True when `proof` is the server's for `loanId`, has not expired and claims no more than its lifetime
 * (constant-time comparison). Anything but one short string of the right shape does not verify.
 */
export function verifyLookupProof(key: Buffer, loanId: string, proof: unknown, now: Date): boolean {
  if (typeof proof !== 'string') return false;
  const match = PROOF_PATTERN.exec(proof);
  if (!match) return false;
  const expires = Number(match[1]);
  const seconds = now.getTime() / 1000;
  if (expires < seconds) return false;
  if (expires > seconds + LOOKUP_PROOF_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) return false;
  const expected = Buffer.from(sign(key, loanId, expires), 'hex');
  return timingSafeEqual(expected, Buffer.from(match[2] ?? '', 'hex'));
}
