import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BACKUP_NAME_PATTERN, type BackupKind, type BackupSummary } from '@prestaya/contracts';
import type { Database } from '../db/client.ts';
import { createBackup } from './create.ts';
import { encryptBackup } from './encryption.ts';
import { BACKUP_MESSAGES, BackupRefusedError } from './messages.ts';

/** How many daily backups stay in DATA_DIR/backups; manual ones stay until someone deletes them. */
export const AUTOMATIC_BACKUPS_KEPT = 14;

export const backupsDirOf = (dataDir: string) => join(dataDir, 'backups');

/**
 * `prestaya-20261125-110600-123-manual.sql.gz`: UTC, so names sort as the backups were made; `.enc`
 * after it when the file is sealed (encryption.ts).
 */
export function backupFileName(at: Date, kind: BackupKind, sealed = false): string {
  const [date = '', time = ''] = at.toISOString().split('T');
  return `prestaya-${date.replaceAll('-', '')}-${time.slice(0, 8).replaceAll(':', '')}-${time.slice(9, 12)}-${kind}.sql.gz${sealed ? '.enc' : ''}`;
}

function summaryOf(name: string, sizeBytes: number): BackupSummary {
  const [, d = '', t = '', ms = '', kind] = /^prestaya-(\d{8})-(\d{6})-(\d{3})-(\w+)/.exec(name) ?? [];
  const createdAt = `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}T${t.slice(0, 2)}:${t.slice(2, 4)}:${t.slice(4)}.${ms}Z`;
  return { name, kind: kind as BackupKind, createdAt, sizeBytes };
}

/** Every backup in the directory, newest first (a missing directory has none). */
export async function listBackups(dir: string): Promise<BackupSummary[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const backups = await Promise.all(
    names
      .filter((name) => BACKUP_NAME_PATTERN.test(name))
      .map(async (name) => summaryOf(name, (await stat(join(dir, name))).size)),
  );
  return backups.sort((a, b) => (a.name < b.name ? 1 : -1));
}

/** The path of a backup by its name; anything but an existing, well-formed name is not found. */
export async function backupPath(dir: string, name: string): Promise<{ path: string; sizeBytes: number }> {
  if (!BACKUP_NAME_PATTERN.test(name)) throw new BackupRefusedError(BACKUP_MESSAGES.notFound);
  const path = join(dir, name);
  try {
    return { path, sizeBytes: (await stat(path)).size };
  } catch {
    throw new BackupRefusedError(BACKUP_MESSAGES.notFound);
  }
}

/** Written beside its final name and renamed, so a listing never shows half a file; readable by the owner only. */
export async function saveFile(dir: string, name: string, file: Buffer) {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const staged = join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
  await writeFile(staged, file, { mode: 0o600 });
  await rename(staged, join(dir, name));
}

/** Deletes the automatic backups past the newest AUTOMATIC_BACKUPS_KEPT; returns their names. */
export async function pruneAutomaticBackups(dir: string, keep = AUTOMATIC_BACKUPS_KEPT): Promise<string[]> {
  const old = (await listBackups(dir)).filter((backup) => backup.kind === 'auto').slice(keep);
  await Promise.all(old.map((backup) => rm(join(dir, backup.name), { force: true })));
  return old.map((backup) => backup.name);
}

/** One backup at a time per database: a second request waits for the first instead of dumping beside it. */
const inProgress = new WeakMap<Database, Promise<unknown>>();

export interface BackupTarget {
  database: Database;
  dataDir: string;
  /** BACKUP_PASSPHRASE / BACKUP_PASSPHRASE_FILE: set, every backup the server writes is sealed with it. */
  passphrase?: string | undefined;
}

/** Makes a backup now into DATA_DIR/backups and returns its summary. */
export async function saveBackup(
  target: BackupTarget,
  kind: BackupKind,
  now: () => Date,
): Promise<BackupSummary> {
  const previous = inProgress.get(target.database) ?? Promise.resolve();
  const work = previous
    .catch(() => {})
    .then(async () => {
      const at = now();
      const { file } = await createBackup(target.database, at);
      // Sealed before it touches the disk: the clear dump never exists as a file.
      const bytes = target.passphrase ? await encryptBackup(file, target.passphrase) : file;
      const name = backupFileName(at, kind, target.passphrase !== undefined);
      await saveFile(backupsDirOf(target.dataDir), name, bytes);
      return summaryOf(name, bytes.length);
    });
  inProgress.set(target.database, work);
  return work;
}
