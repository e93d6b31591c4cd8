/** Query keys of the backups resource. */
export const backupsKeys = {
  all: ['backups'] as const,
  list: () => [...backupsKeys.all, 'list'] as const,
};
