import { queryRoots } from '../../../lib/query-keys.ts';

/** Under the shared audit key, so every change made elsewhere refreshes the list too. */
export const auditKeys = {
  lists: () => [...queryRoots.audit, 'list'] as const,
  // Not under the audit key: staff changes rarely, no need to reload it after every change.
  users: (term: string) => [...queryRoots.auditUsers, 'page', term] as const,
  user: (id: string) => [...queryRoots.auditUsers, 'detail', id] as const,
};
