import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the backups resource. */
export const backupsKeys = {
  all: queryRoots.backups,
  list: () => [...backupsKeys.all, 'list'] as const,
};
