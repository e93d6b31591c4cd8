import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TestContext } from './app.ts';
import { rowsOf } from './database.ts';

export interface StoredFile {
  id: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  bytes: Buffer;
  reencoded: boolean;
}

/** Every row of stored_files, oldest first, with its bytes as a Buffer (PGlite gives a Uint8Array). */
export async function storedFiles(context: TestContext): Promise<StoredFile[]> {
  const rows = rowsOf<StoredFile>(
    await context.database.db.execute(
      sql`select id, content_type, size_bytes, sha256, bytes, reencoded from stored_files order by created_at, id`,
    ),
  );
  return rows.map((row) => ({ ...row, bytes: Buffer.from(row.bytes) }));
}

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
