import { type CustomerDocument, MAX_DOCUMENTS_PER_CUSTOMER } from '@prestaya/contracts';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { customerDocuments } from '../../db/schema/customer-documents.ts';
import { sha256Hex, storeFile } from '../../db/stored-files.ts';
import { insertAudited } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { checkDocumentLoan } from './loan-link.ts';
import { documentAuditSnapshot, toCustomerDocument } from './mapping.ts';
import type { ReceivedDocument } from './upload.ts';

export interface DocumentUploader extends CustomerActor {
  name: string;
  lastName: string;
}

/**
 * POST /customers/{id}/documents: one transaction stores the file (stored_files), the document row
 * and its audit entry, so a refusal or a failure leaves nothing. The customer row is locked first
 * (NO KEY UPDATE: loans and payments referencing it are not blocked), which serialises the uploads of
 * one customer so that MAX_DOCUMENTS_PER_CUSTOMER holds under concurrent uploads too. A proof of
 * address's date may not be later than the business date `today`.
 */
export async function createCustomerDocument(
  db: AppDb,
  actor: DocumentUploader,
  customerId: string,
  { input, file }: ReceivedDocument,
  linkKey: Buffer,
  today: string,
): Promise<CustomerDocument> {
  if (input.documentDate && input.documentDate > today) throw refuse('document.date_in_future');
  return db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, actor, customerId, 'no key update');
    const count = await tx.$count(customerDocuments, eq(customerDocuments.customerId, customer.id));
    if (count >= MAX_DOCUMENTS_PER_CUSTOMER)
      throw refuse('document.too_many', { values: { max: String(MAX_DOCUMENTS_PER_CUSTOMER) } });
    const loanId = await checkDocumentLoan(tx, customer.id, input);
    const fileId = await storeFile(tx, file);
    const stored = { contentType: file.contentType, sizeBytes: file.bytes.length };
    const document = await insertAudited(
      tx,
      customerDocuments,
      {
        id: uuidv7(),
        customerId: customer.id,
        type: input.type,
        description: input.description,
        documentDate: input.documentDate,
        filename: file.filename,
        loanId,
        fileId,
        uploadedBy: actor.id,
      },
      {
        actorId: actor.id,
        entity: 'customer_document',
        snapshot: (row) => documentAuditSnapshot(row, { ...stored, sha256: sha256Hex(file.bytes) }),
      },
    );
    const uploader = { id: actor.id, name: actor.name, lastName: actor.lastName };
    return toCustomerDocument({ document, file: stored, uploader }, linkKey);
  });
}
