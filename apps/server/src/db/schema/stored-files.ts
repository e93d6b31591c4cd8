import { sql } from 'drizzle-orm';
import { boolean, check, customType, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** node-postgres returns bytea as a Buffer, PGlite as a Uint8Array: both arrive here as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/**
 * Every file the product keeps (proof images today), stored in the database so that it is written in
 * the same transaction as the row that references it, reaches every server on the database, and is
 * in the database's backups. Nothing is kept on the local disk. `sha256` (lowercase hex) is checked
 * when older installations' files under DATA_DIR/uploads are imported (db/import-uploads.ts).
 * `reencoded`: the bytes are an image this server decoded and wrote again (no metadata, bounded
 * pixels; files/image-reencode.ts), the only files served inline. Older rows, PDFs and HEIC are false
 * and are served as attachments.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    bytes: bytea('bytes').notNull(),
    reencoded: boolean('reencoded').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('stored_files_sha256_hex', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    check('stored_files_size_matches', sql`${table.sizeBytes} = octet_length(${table.bytes})`),
  ],
);

export type StoredFileRow = typeof storedFiles.$inferSelect;
