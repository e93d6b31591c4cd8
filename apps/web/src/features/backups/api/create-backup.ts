import type { BackupSummary, Envelope } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { backupsKeys } from './keys.ts';

/** POST /api/v1/backups (admin): a backup of the whole database, made now. */
export async function createBackup(): Promise<BackupSummary> {
  return (await api.post<Envelope<BackupSummary>>(apiPaths.backups)).data;
}

export function useCreateBackup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['backups', 'create'],
    mutationFn: createBackup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: backupsKeys.all }),
  });
}
