import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from './client.ts';
import { storedFiles } from './schema/stored-files.ts';

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * Writes a file's bytes with the transaction that writes the row referencing it, so both commit or
 * neither does. Returns the stored file's id.
 */
export async function storeFile(
  tx: DbOrTx,
  file: { bytes: Buffer; contentType: string; reencoded: boolean },
): Promise<string> {
  const id = uuidv7();
  await tx.insert(storedFiles).values({
    id,
    contentType: file.contentType,
    reencoded: file.reencoded,
    sizeBytes: file.bytes.length,
    sha256: sha256Hex(file.bytes),
    bytes: file.bytes,
  });
  return id;
}

export interface StoredFileContent {
  bytes: Buffer;
  contentType: string;
  /** Decoded and written again by this server: the only kind served inline (http/file-reply.ts). */
  reencoded: boolean;
}

/** The bytes and type of a stored file; undefined when there is none with that id. */
export async function readStoredFile(db: DbOrTx, id: string): Promise<StoredFileContent | undefined> {
  const [row] = await db
    .select({
      bytes: storedFiles.bytes,
      contentType: storedFiles.contentType,
      reencoded: storedFiles.reencoded,
    })
    .from(storedFiles)
    .where(eq(storedFiles.id, id))
    .limit(1);
  return row;
}
