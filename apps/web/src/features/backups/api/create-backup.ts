import { type BackupSummary, backupSummary } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { backupsKeys } from './keys.ts';

/** POST /api/v1/backups (admin): a backup of the whole database, made now. */
export async function createBackup(): Promise<BackupSummary> {
  return apiData.post(apiPaths.backups, backupSummary.parse);
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['backups', 'create'],
    mutationFn: createBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKeys.all }),
  });
}
