import type { Database } from '../db/client.ts';
import { dumpDatabase } from './dump.ts';
import { type BackupManifest, packBackup } from './format.ts';

/** A backup of the whole database, as the bytes of a backup file (format.ts). */
export async function createBackup(
  database: Database,
  now: Date = new Date(),
): Promise<{ file: Buffer; manifest: BackupManifest }> {
  const dump = await dumpDatabase(database);
  return packBackup(
    {
      createdAt: now.toISOString(),
      source: database.kind === 'pglite' ? 'pglite' : 'postgresql',
      serverVersion: dump.serverVersion,
      ...dump.inventory,
    },
    dump.sql,
  );
}
