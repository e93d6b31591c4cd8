import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import * as column from './columns.ts';
import { customers } from './customers.ts';
import { loans } from './loans.ts';
import { storedFiles } from './stored-files.ts';

/**
 * An import of an existing book ('Importar', modules/imports): the uploaded file (a stored_files row,
 * so it can be run later and downloaded again), what its dry run found and, once run, what it wrote.
 * CHECKED after the dry run; DONE once run (FAILED when the run's transaction was rolled back).
 */
export const bookImports = pgTable(
  'book_imports',
  {
    id: column.id(),
    fileName: text('file_name').notNull(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => storedFiles.id),
    status: text('status', { enum: ['CHECKED', 'DONE', 'FAILED'] })
      .notNull()
      .default('CHECKED'),
    /** 'ALL' (every row or nothing) or 'VALID' (only the valid rows); null until run. */
    mode: text('mode', { enum: ['ALL', 'VALID'] }),
    totalRows: integer('total_rows').notNull(),
    validRows: integer('valid_rows').notNull(),
    rejectedRows: integer('rejected_rows').notNull(),
    alreadyImported: integer('already_imported').notNull(),
    newCustomers: integer('new_customers').notNull(),
    newLoans: integer('new_loans').notNull(),
    /** The dry run's problems (row, column, message), the first IMPORT_PROBLEMS_SHOWN of them. */
    problems: jsonb('problems').notNull().default(sql`'[]'::jsonb`),
    problemCount: integer('problem_count').notNull(),
    importedCustomers: integer('imported_customers').notNull().default(0),
    importedLoans: integer('imported_loans').notNull().default(0),
    createdBy: uuid('created_by'),
    createdOn: column.createdOn(),
    runBy: uuid('run_by'),
    finishedOn: column.instant('finished_on'),
  },
  (table) => [
    check('book_imports_status_valid', sql`${table.status} in ('CHECKED', 'DONE', 'FAILED')`),
    index('book_imports_created_idx').on(table.createdOn, table.id),
  ],
);

/**
 * Every row an import wrote, by the file's own identifier ('id_externo'): the unique key makes a second
 * import of the same row write nothing, whatever file it comes in. `installments_paid` and
 * `partial_cents` keep what the file said was paid before the import, which no payment row holds.
 */
export const bookImportRows = pgTable(
  'book_import_rows',
  {
    externalId: text('external_id').primaryKey(),
    importId: uuid('import_id')
      .notNull()
      .references(() => bookImports.id),
    row: integer('row').notNull(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id),
    loanId: uuid('loan_id').references(() => loans.id),
    installmentsPaid: integer('installments_paid').notNull().default(0),
    partialCents: column.cents('partial_cents').notNull().default(0),
  },
  (table) => [
    index('book_import_rows_import_idx').on(table.importId),
    index('book_import_rows_loan_idx').on(table.loanId),
  ],
);

export type BookImportRow = typeof bookImports.$inferSelect;
