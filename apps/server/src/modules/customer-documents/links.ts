import { signedLink, signedLinkKey } from '../../http/signed-links.ts';

/**
 * Signed links to a customer's documents (http/signed-links.ts): the list carries, per document,
 * /api/v1/customers/<customerId>/documents/<documentId>/file?expires=…&signature=…, signed over the
 * document's id with a key of their own.
 */
export const documentLinkKey = (jwtSecret: string): Buffer =>
  signedLinkKey(jwtSecret, 'prestaya:customer-document-links:v1');

export const documentFilePath = (customerId: string, documentId: string) =>
  `/api/v1/customers/${customerId}/documents/${documentId}/file`;

export const signedDocumentUri = (
  key: Buffer,
  customerId: string,
  documentId: string,
  now: Date = new Date(),
): string => signedLink(key, documentFilePath(customerId, documentId), documentId, now);
