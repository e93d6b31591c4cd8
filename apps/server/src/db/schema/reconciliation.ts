import { DEFAULT_MATCH_WINDOW_DAYS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { bankAccounts } from './bank-accounts.ts';
import * as column from './columns.ts';
import { payments } from './payments.ts';
import { users } from './users.ts';

/**
 * Bank statement reconciliation ('Conciliación', modules/reconciliation): how an account's statements
 * are read (one mapping per account, set on the first upload), each uploaded file, and each statement
 * line kept once per account by its fingerprint, so a line seen again in a later file is the same row
 * and can confirm at most one payment (`payment_id` unique).
 */
export const statementMappings = pgTable(
  'statement_mappings',
  {
    id: column.id(),
    bankAccountId: column
      .owner('bank_account_id', () => bankAccounts.id)
      .unique('statement_mappings_account_unique'),
    headerRows: smallint('header_rows').notNull(),
    /** Column letters (A…ZZ); null when the statement has no such column. */
    dateColumn: text('date_column').notNull(),
    conceptColumn: text('concept_column').notNull(),
    referenceColumn: text('reference_column'),
    amountColumn: text('amount_column'),
    creditColumn: text('credit_column'),
    debitColumn: text('debit_column'),
    directionColumn: text('direction_column'),
    dateFormat: text('date_format').notNull(),
    decimalSeparator: text('decimal_separator').notNull(),
    /** Days a statement date may be away from the payment's date (domain reconciliation-match.ts). */
    matchWindowDays: smallint('match_window_days').notNull().default(DEFAULT_MATCH_WINDOW_DAYS),
    updatedOn: column.updatedOn(),
    updatedBy: uuid('updated_by').references(() => users.id),
  },
  (table) => [
    check('statement_mappings_window', sql`${table.matchWindowDays} between 0 and 15`),
    check('statement_mappings_header_rows', sql`${table.headerRows} between 0 and 20`),
  ],
);
export type StatementMappingRow = typeof statementMappings.$inferSelect;

export const statementUploads = pgTable(
  'statement_uploads',
  {
    id: column.id(),
    bankAccountId: column.owner('bank_account_id', () => bankAccounts.id),
    fileName: text('file_name').notNull(),
    lineCount: integer('line_count').notNull(),
    newLines: integer('new_lines').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    createdOn: column.createdOn(),
  },
  (table) => [index('statement_uploads_account_idx').on(table.bankAccountId, table.createdOn)],
);

export const statementLines = pgTable(
  'statement_lines',
  {
    id: column.id(),
    bankAccountId: column.owner('bank_account_id', () => bankAccounts.id),
    /**
     * sha256 of date, direction, amount, concept, reference and the line's occurrence among identical
     * lines of its file: the same movement uploaded again finds its row; two equal movements of one day
     * stay two lines.
     */
    fingerprint: text('fingerprint').notNull(),
    lineDate: column.day('line_date').notNull(),
    direction: text('direction', { enum: ['CREDIT', 'DEBIT'] }).notNull(),
    amountCents: column.cents('amount_cents').notNull(),
    concept: text('concept').notNull(),
    reference: text('reference').notNull(),
    /** The payment this line confirmed; unique, so neither side is ever used twice. */
    paymentId: uuid('payment_id').references(() => payments.id),
    reconciledBy: uuid('reconciled_by').references(() => users.id),
    reconciledOn: column.instant('reconciled_on'),
    createdOn: column.createdOn(),
  },
  (table) => [
    unique('statement_lines_fingerprint_unique').on(table.bankAccountId, table.fingerprint),
    unique('statement_lines_payment_unique').on(table.paymentId),
    check('statement_lines_amount_positive', sql`${table.amountCents} > 0`),
    check('statement_lines_direction_valid', sql`${table.direction} in ('CREDIT', 'DEBIT')`),
  ],
);
export type StatementLineRow = typeof statementLines.$inferSelect;

/** Every row of an uploaded file and the line it is (new, or one an earlier file already brought). */
export const statementUploadLines = pgTable(
  'statement_upload_lines',
  {
    uploadId: uuid('upload_id')
      .notNull()
      .references(() => statementUploads.id),
    lineId: uuid('line_id')
      .notNull()
      .references(() => statementLines.id),
    rowNumber: integer('row_number').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.uploadId, table.lineId] }),
    index('statement_upload_lines_line_idx').on(table.lineId),
  ],
);
