import { apiDownload } from '../../../lib/api.ts';
import { saveBlob } from '../../../lib/download.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/backups/:name (admin): saved under the backup's own name. */
export async function downloadBackup(name: string): Promise<void> {
  const file = await apiDownload(apiPaths.backup(name), undefined, { accept: 'application/gzip' });
  saveBlob(file.blob, file.filename ?? name);
}
