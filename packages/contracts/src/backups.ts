import { pagedQuery } from './common.ts';
import { z } from './zod.ts';

/** 'manual': made by an administrator or a command; 'auto': the daily backup (the last 14 are kept). */
export const BACKUP_KINDS = ['manual', 'auto'] as const;
export type BackupKind = (typeof BACKUP_KINDS)[number];
export const BACKUP_KIND_LABELS: Record<BackupKind, string> = { manual: 'Manual', auto: 'Automático' };

/**
 * The server names every backup file itself, `prestaya-YYYYMMDD-HHMMSS-mmm-<kind>.sql.gz` (UTC), with
 * `.enc` after it when sealed with the server's BACKUP_PASSPHRASE; a name from a client is only ever
 * matched against this pattern, never used as a path as it comes.
 */
export const BACKUP_NAME_PATTERN = /^prestaya-\d{8}-\d{6}-\d{3}-(manual|auto)\.sql\.gz(\.enc)?$/;

/** A sealed backup (AES-256-GCM with BACKUP_PASSPHRASE): not a gzip file until decrypted. */
export const isSealedBackupName = (name: string) => name.endsWith('.enc');

export const backupParams = z.object({
  name: z.string().max(60).regex(BACKUP_NAME_PATTERN, 'Nombre de respaldo inválido'),
});

export const backupSummary = z.object({
  name: z.string(),
  kind: z.enum(BACKUP_KINDS),
  createdAt: z.iso.datetime(),
  sizeBytes: z.number().int(),
});
export type BackupSummary = z.infer<typeof backupSummary>;

/** Newest first; only page and size mean something here. */
export const backupListQuery = pagedQuery.pick({ page: true, size: true });
export type BackupListQuery = z.infer<typeof backupListQuery>;
