import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { customers } from './customers.ts';
import { loans } from './loans.ts';
import { storedFiles } from './stored-files.ts';
import { users } from './users.ts';

/**
 * A customer's documents (INE, proof of address, other files): the bytes are a stored_files row written
 * in the same transaction, served only through signed links. Deleting a document removes its row and
 * its stored file in one transaction (an identity document is not kept once staff delete it); the
 * audit trail keeps what it was. The type, size and name bounds mirror the contracts' schemas.
 */
export const customerDocuments = pgTable(
  'customer_documents',
  {
    id: column.id(),
    customerId: column.owner('customer_id', () => customers.id),
    type: text('type').notNull(),
    description: text('description'),
    /** A proof of address's own date (the expediente's window counts from it); null for other types. */
    documentDate: column.day('document_date'),
    filename: text('filename'),
    fileId: uuid('file_id')
      .notNull()
      .unique()
      .references(() => storedFiles.id),
    /** The loan a signed contract ('Contrato firmado') belongs to: one of the same customer's loans. */
    loanId: uuid('loan_id').references(() => loans.id),
    uploadedBy: column.owner('uploaded_by', () => users.id),
    uploadedOn: column.instant('uploaded_on').notNull().defaultNow(),
  },
  (table) => [
    check(
      'customer_documents_type_valid',
      sql`${table.type} in ('INE_FRONT', 'INE_BACK', 'PROOF_OF_ADDRESS', 'OTHER', 'SIGNED_CONTRACT')`,
    ),
    check(
      'customer_documents_date_only_proof',
      sql`${table.documentDate} is null or ${table.type} = 'PROOF_OF_ADDRESS'`,
    ),
    check('customer_documents_description_length', sql`char_length(${table.description}) <= 200`),
    check('customer_documents_filename_length', sql`char_length(${table.filename}) <= 255`),
    index('customer_documents_customer_idx').on(table.customerId, table.uploadedOn),
    // Whether a loan has its signed contract (delivery may require one).
    index('customer_documents_loan_idx').on(table.loanId).where(sql`${table.loanId} is not null`),
  ],
);

export type CustomerDocumentRow = typeof customerDocuments.$inferSelect;
