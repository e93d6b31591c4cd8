import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { sniffImageType } from '../files/image-sniff.ts';
import type { AppDb } from './client.ts';
import { paymentAttachments } from './schema/payments.ts';
import { storedFiles } from './schema/stored-files.ts';
import { sha256Hex, storeFile } from './stored-files.ts';

export interface UploadsImport {
  /** Files written into stored_files and then removed from the disk. */
  imported: number;
  /** Files already in the database (same SHA-256) from an earlier start, removed now. */
  removed: number;
  /** Files left on the disk: unreferenced, or not the bytes their row describes. */
  kept: number;
}

const STORAGE_KEY = /^[0-9a-f]{32}$/;

/**
 * Older installations kept each proof image as DATA_DIR/uploads/<storage_key>. At start, every such
 * file is checked against its attachment row (size, and its content type sniffed again), written into
 * stored_files and linked to the row in one transaction, and removed from the disk only after that
 * commits. Idempotent: a row already linked is not imported twice, and a file whose bytes the
 * database already holds (same SHA-256) is a removal that an earlier start did not finish. Servers
 * starting together on one database lock the row, so only one imports it. `uploads/tmp` held partial
 * uploads that no row references; it is removed.
 */
export async function importUploadedFiles(
  db: AppDb,
  dataDir: string,
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>,
): Promise<UploadsImport> {
  const directory = join(dataDir, 'uploads');
  const result: UploadsImport = { imported: 0, removed: 0, kept: 0 };
  const names = await readdir(directory).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!names) return result;
  await rm(join(directory, 'tmp'), { recursive: true, force: true });

  for (const name of names.filter((entry) => STORAGE_KEY.test(entry))) {
    const path = join(directory, name);
    const bytes = await readFile(path).catch(() => undefined);
    const outcome = await db.transaction(async (tx) => {
      if (!bytes) return 'unreadable';
      const [row] = await tx
        .select()
        .from(paymentAttachments)
        .where(eq(paymentAttachments.storageKey, name))
        .for('update');
      if (!row) return 'unreferenced';
      if (row.fileId) {
        const [stored] = await tx
          .select({ sha256: storedFiles.sha256 })
          .from(storedFiles)
          .where(eq(storedFiles.id, row.fileId));
        return stored?.sha256 === sha256Hex(bytes) ? 'removed' : 'different';
      }
      if (bytes.length !== row.sizeBytes || sniffImageType(bytes) !== row.contentType) return 'different';
      // Kept as it was (its sha256 is the attachment's): not re-encoded, so served as an attachment.
      const fileId = await storeFile(tx, { bytes, contentType: row.contentType, reencoded: false });
      await tx.update(paymentAttachments).set({ fileId }).where(eq(paymentAttachments.id, row.id));
      return 'imported';
    });
    if (outcome === 'imported' || outcome === 'removed') {
      await rm(path, { force: true });
      result[outcome] += 1;
    } else {
      result.kept += 1;
      log.warn({ file: path, reason: outcome }, 'proof image left in DATA_DIR/uploads');
    }
  }
  // Removed only when empty: anything left there was reported above.
  await rmdir(directory).catch(() => {});
  if (result.imported + result.removed > 0) log.info(result, 'proof images moved into the database');
  return result;
}
