import { and, eq } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { customerDocuments } from '../../db/schema/customer-documents.ts';
import { storedFiles } from '../../db/schema/stored-files.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { findVisibleCustomer } from '../customers/access.ts';
import { documentAuditSnapshot } from './mapping.ts';

/**
 * DELETE /customers/{id}/documents/{documentId} (administrators; the route enforces it): the document
 * row and its stored file go in one transaction, with a 'deleted' audit entry that keeps what the
 * document was (type, name, format, size, SHA-256). An identity document is not kept once deleted.
 * Unknown, or another customer's: 404 'Documento no encontrado'. Of two concurrent deletes the second
 * waits on the row lock and then finds nothing: 404.
 */
export async function deleteCustomerDocument(
  db: AppDb,
  actor: CustomerActor,
  customerId: string,
  documentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const customer = await findVisibleCustomer(tx, actor, customerId);
    const [found] = await tx
      .select({
        document: customerDocuments,
        file: {
          contentType: storedFiles.contentType,
          sizeBytes: storedFiles.sizeBytes,
          sha256: storedFiles.sha256,
        },
      })
      .from(customerDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, customerDocuments.fileId))
      .where(and(eq(customerDocuments.id, documentId), eq(customerDocuments.customerId, customer.id)))
      .limit(1)
      .for('update', { of: customerDocuments });
    if (!found) throw refuse('document.not_found');
    const { document, file } = found;
    await tx.delete(customerDocuments).where(eq(customerDocuments.id, document.id));
    await tx.delete(storedFiles).where(eq(storedFiles.id, document.fileId));
    await writeAudit(tx, {
      actorId: actor.id,
      entity: 'customer_document',
      entityId: document.id,
      action: 'deleted',
      before: documentAuditSnapshot(document, file),
    });
  });
}
