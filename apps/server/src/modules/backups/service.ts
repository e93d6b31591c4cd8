import type { BackupListQuery, BackupSummary, Paged } from '@prestaya/contracts';
import { BackupRefusedError } from '../../backup/messages.ts';
import { type BackupTarget, backupPath, backupsDirOf, listBackups, saveBackup } from '../../backup/store.ts';
import { refuse } from '../../http/refusals.ts';

export const createManualBackup = (target: BackupTarget, now: () => Date) =>
  saveBackup(target, 'manual', now);

export async function pageOfBackups(dataDir: string, query: BackupListQuery): Promise<Paged<BackupSummary>> {
  const all = await listBackups(backupsDirOf(dataDir));
  const start = (query.page - 1) * query.size;
  return {
    data: all.slice(start, start + query.size),
    page: query.page,
    size: query.size,
    totalDocuments: all.length,
    totalPages: Math.ceil(all.length / query.size),
    totalCapped: false,
  };
}

export async function findBackup(dataDir: string, name: string) {
  try {
    return await backupPath(backupsDirOf(dataDir), name);
  } catch (error) {
    if (error instanceof BackupRefusedError) throw refuse('backup.not_found');
    throw error;
  }
}
