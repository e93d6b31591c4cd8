import type { CustomerDocument } from '@prestaya/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb, DbOrTx } from '../../db/client.ts';
import { customerDocuments } from '../../db/schema/customer-documents.ts';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { users } from '../../db/schema/users.ts';
import { readStoredFile, type StoredFileContent } from '../../db/stored-files.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { type DocumentWithFile, toCustomerDocument } from './mapping.ts';

/** A document with its file's type and size (never its bytes) and who uploaded it. */
export function selectDocuments(db: DbOrTx) {
  return db
    .select({
      document: customerDocuments,
      file: { contentType: storedFiles.contentType, sizeBytes: storedFiles.sizeBytes },
      uploader: { id: users.id, name: users.name, lastName: users.lastName },
    })
    .from(customerDocuments)
    .innerJoin(storedFiles, eq(storedFiles.id, customerDocuments.fileId))
    .leftJoin(users, eq(users.id, customerDocuments.uploadedBy))
    .$dynamic();
}

/**
 * GET /customers/{id}/documents: newest first, each with a signed link valid for minutes. A customer
 * the actor may not see is 404 'Cliente no encontrado', as the customer itself answers. The list is
 * bounded by MAX_DOCUMENTS_PER_CUSTOMER, so it needs no paging.
 */
export async function listCustomerDocuments(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  linkKey: Buffer,
): Promise<CustomerDocument[]> {
  const customer = await findVisibleCustomer(db, actor, customerId);
  const rows: DocumentWithFile[] = await selectDocuments(db)
    .where(eq(customerDocuments.customerId, customer.id))
    .orderBy(desc(customerDocuments.uploadedOn), desc(customerDocuments.id));
  const now = new Date();
  return rows.map((row) => toCustomerDocument(row, linkKey, now));
}

/**
 * The file behind a signed link (the route has checked the signature for this document id): 404
 * 'Documento no encontrado' when the document is gone or is not this customer's.
 */
export async function openDocumentFile(
  db: AppDb,
  customerId: string,
  documentId: string,
): Promise<StoredFileContent & { filename: string | null }> {
  const [row] = await db
    .select({ fileId: customerDocuments.fileId, filename: customerDocuments.filename })
    .from(customerDocuments)
    .where(and(eq(customerDocuments.id, documentId), eq(customerDocuments.customerId, customerId)))
    .limit(1);
  const file = row ? await readStoredFile(db, row.fileId) : undefined;
  if (!row || !file) throw refuse('document.not_found');
  return { ...file, filename: row.filename };
}
