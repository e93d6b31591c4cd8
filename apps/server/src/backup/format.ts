import { createHash } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { Inventory } from './inventory.ts';
import { BACKUP_MESSAGES, BackupRefusedError } from './messages.ts';

/**
 * The backup file (docs/operations.md "Formato"): gzip of ONE text, a first line
 * `-- prestaya-backup {manifest JSON}` and then the SQL pg_dump wrote. The first line is an SQL
 * comment, so `gunzip -c` gives a script psql could run too; the manifest carries what a restore
 * checks: the SHA-256 of the SQL, rows per table, the SHA-256 of every stored file, the schema version.
 */
const MARKER = '-- prestaya-backup ';
export const BACKUP_FORMAT_VERSION = 1;

export interface BackupManifest extends Inventory {
  format: 'prestaya-backup';
  version: typeof BACKUP_FORMAT_VERSION;
  createdAt: string;
  source: 'pglite' | 'postgresql';
  /** `server_version` of the source. */
  serverVersion: string;
  sql: { bytes: number; sha256: string };
}

export type ManifestFields = Omit<BackupManifest, 'format' | 'version' | 'sql'>;

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export function packBackup(fields: ManifestFields, sql: string): { file: Buffer; manifest: BackupManifest } {
  const body = Buffer.from(sql, 'utf8');
  const manifest: BackupManifest = {
    format: 'prestaya-backup',
    version: BACKUP_FORMAT_VERSION,
    ...fields,
    sql: { bytes: body.length, sha256: sha256(body) },
  };
  const header = Buffer.from(`${MARKER}${JSON.stringify(manifest)}\n`, 'utf8');
  return { file: gzipSync(Buffer.concat([header, body])), manifest };
}

/** Reads and verifies a backup file; refuses (BackupRefusedError) anything else or a changed SQL. */
export function unpackBackup(file: Buffer): { manifest: BackupManifest; sql: string } {
  let text: Buffer;
  try {
    text = gunzipSync(file);
  } catch {
    throw new BackupRefusedError(BACKUP_MESSAGES.notABackup);
  }
  const newline = text.indexOf(0x0a);
  const header = text.subarray(0, newline < 0 ? text.length : newline).toString('utf8');
  if (newline < 0 || !header.startsWith(MARKER)) throw new BackupRefusedError(BACKUP_MESSAGES.notABackup);
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(header.slice(MARKER.length)) as BackupManifest;
  } catch {
    throw new BackupRefusedError(BACKUP_MESSAGES.notABackup);
  }
  if (manifest?.format !== 'prestaya-backup') throw new BackupRefusedError(BACKUP_MESSAGES.notABackup);
  if (manifest.version !== BACKUP_FORMAT_VERSION)
    throw new BackupRefusedError(BACKUP_MESSAGES.unsupportedVersion(manifest.version));
  const body = text.subarray(newline + 1);
  if (body.length !== manifest.sql?.bytes || sha256(body) !== manifest.sql.sha256)
    throw new BackupRefusedError(BACKUP_MESSAGES.sqlChecksum);
  return { manifest, sql: body.toString('utf8') };
}
