import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Short-lived signed links to proof images (docs/architecture.md "Payments"): an <img> sends no Bearer
 * header, so the payment details reply (administrators only) carries, per attachment,
 *   /api/v1/payments/attachments/<id>?expires=<unix seconds>&signature=<hex HMAC-SHA256("<id>.<expires>")>
 * valid for LINK_LIFETIME_SECONDS. The HMAC key is derived from the JWT secret (so every server sharing
 * JWT_SECRET accepts the links of the others) with its own label, so a link signature can never be
 * confused with a token signature.
 */
export const LINK_LIFETIME_SECONDS = 10 * 60;
export const ATTACHMENT_PATH = '/api/v1/payments/attachments';

export function attachmentLinkKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('prestaya:payment-attachment-links:v1').digest();
}

function sign(key: Buffer, attachmentId: string, expires: number): string {
  return createHmac('sha256', key).update(`${attachmentId}.${expires}`).digest('hex');
}

export function signedAttachmentUri(
  key: Buffer,
  attachmentId: string,
  now: Date = new Date(),
  lifetimeSeconds = LINK_LIFETIME_SECONDS,
): string {
  const expires = Math.floor(now.getTime() / 1000) + lifetimeSeconds;
  return `${ATTACHMENT_PATH}/${attachmentId}?expires=${expires}&signature=${sign(key, attachmentId, expires)}`;
}

/** True when the signature is the link's and it has not expired (constant-time comparison). */
export function verifyAttachmentLink(
  key: Buffer,
  attachmentId: string,
  expires: string | undefined,
  signature: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!expires || !signature || !/^\d{1,12}$/.test(expires) || !/^[0-9a-f]{64}$/.test(signature))
    return false;
  const expiresAt = Number(expires);
  if (expiresAt * 1000 < now.getTime()) return false;
  const expected = Buffer.from(sign(key, attachmentId, expiresAt), 'hex');
  return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
}
