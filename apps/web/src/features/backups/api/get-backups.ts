import { type BackupSummary, backupSummary, type Paged, paged } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { backupsKeys } from './keys.ts';

const readBackupSummaryPage = paged(backupSummary).parse;

/** The newest backups shown; older ones stay on the server (DATA_DIR/backups). */
export const BACKUPS_SHOWN = 50;

/** GET /api/v1/backups?size=50 (admin): the newest first. */
export function getBackups(): Promise<Paged<BackupSummary>> {
  return api.get(apiPaths.backups, readBackupSummaryPage, { page: 1, size: BACKUPS_SHOWN });
}

export const backupsQuery = () => queryOptions({ queryKey: backupsKeys.list(), queryFn: getBackups });

export const useBackups = () => useQuery(backupsQuery());
