import type { CustomerDocument } from '@prestaya/contracts';
import type { CustomerDocumentRow } from '../../db/schema/customer-documents.ts';
import { signedDocumentUri } from './links.ts';

/** A document row with what its reply adds: the stored file's type and size, and the uploader. */
export interface DocumentWithFile {
  document: CustomerDocumentRow;
  file: { contentType: string; sizeBytes: number };
  uploader: { id: string; name: string; lastName: string } | null;
}

export function toCustomerDocument(
  { document, file, uploader }: DocumentWithFile,
  linkKey: Buffer,
  now: Date = new Date(),
): CustomerDocument {
  return {
    id: document.id,
    type: document.type as CustomerDocument['type'],
    description: document.description,
    filename: document.filename,
    contentType: file.contentType as CustomerDocument['contentType'],
    sizeBytes: file.sizeBytes,
    uploadedOn: document.uploadedOn.toISOString(),
    documentDate: document.documentDate,
    uploadedBy: uploader,
    ...(document.loanId ? { loanId: document.loanId } : {}),
    uri: signedDocumentUri(linkKey, document.customerId, document.id, now),
  };
}

/**
 * What the audit trail keeps of a document: whose it is (so the customer's history shows it, deleted
 * ones too), what it is and which file it was; never the bytes.
 */
export function documentAuditSnapshot(
  document: CustomerDocumentRow,
  file: { contentType: string; sizeBytes: number; sha256: string },
): Record<string, unknown> {
  return {
    customerId: document.customerId,
    documentType: document.type,
    ...(document.documentDate ? { documentDate: document.documentDate } : {}),
    description: document.description,
    filename: document.filename,
    ...(document.loanId ? { loanId: document.loanId } : {}),
    contentType: file.contentType,
    sizeBytes: file.sizeBytes,
    sha256: file.sha256,
  };
}
