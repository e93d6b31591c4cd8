import { AUDIT_QUERY_KEY } from '../../../components/EntityHistory.tsx';

/** Under the shared audit key, so every change made elsewhere refreshes the list too. */
export const auditKeys = {
  lists: () => [...AUDIT_QUERY_KEY, 'list'] as const,
  // Not under the audit key: staff changes rarely, no need to reload it after every change.
  users: (term: string) => ['audit-users', 'page', term] as const,
  user: (id: string) => ['audit-users', 'detail', id] as const,
};
