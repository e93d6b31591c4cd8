import { AUDIT_QUERY_KEY } from '../../../components/EntityHistory.tsx';

/** Under the shared audit key, so every change made elsewhere refreshes the list too. */
export const auditKeys = {
  lists: () => [...AUDIT_QUERY_KEY, 'list'] as const,
  // Not under the audit key: staff changes rarely, no need to reload it after every change.
  users: () => ['audit-users'] as const,
};
