import {
  LINK_LIFETIME_SECONDS,
  signedLink,
  signedLinkKey,
  verifySignedLink,
} from '../../http/signed-links.ts';

/**
 * Signed links to proof images (http/signed-links.ts): the payment details reply carries, per
 * attachment, /api/v1/payments/attachments/<id>?expires=…&signature=…
 */
export const ATTACHMENT_PATH = '/api/v1/payments/attachments';

export const attachmentLinkKey = (jwtSecret: string): Buffer =>
  signedLinkKey(jwtSecret, 'prestaya:payment-attachment-links:v1');

export const signedAttachmentUri = (
  key: Buffer,
  attachmentId: string,
  now: Date = new Date(),
  lifetimeSeconds = LINK_LIFETIME_SECONDS,
): string => signedLink(key, `${ATTACHMENT_PATH}/${attachmentId}`, attachmentId, now, lifetimeSeconds);

/** True when the signature is the link's and it has not expired. */
export const verifyAttachmentLink = verifySignedLink;
