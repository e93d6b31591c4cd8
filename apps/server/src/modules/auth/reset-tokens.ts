import { createHash, randomBytes } from 'node:crypto';
import { RESET_TOKEN_BYTES } from '../../credentials/password-reset.ts';

/**
 * The secret of a password reset link. Only its SHA-256 is stored: the token itself exists in the one
 * reply that creates it and in the link the user opens. A plain hash is enough (no Argon2): the token
 * is 256 random bits, so there is nothing to guess from its hash.
 */
export function newResetToken(): { token: string; tokenHash: string } {
  const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
  return { token, tokenHash: hashResetToken(token) };
}

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('base64url');
