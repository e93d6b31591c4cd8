import type { Paged, User } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { auditKeys } from './keys.ts';

/** The page size limit of the API: the user filter offers the first 100 staff members by name. */
export const AUDIT_USERS_LIMIT = 100;

/** GET /api/v1/users?page=1&size=100&orderBy=name (admin) — the choices of the 'Usuario' filter. */
export async function getAuditUsers(): Promise<Paged<User>> {
  return api.get<Paged<User>>(apiPaths.users, {
    page: 1,
    size: AUDIT_USERS_LIMIT,
    orderBy: 'name',
    order: 'asc',
  });
}

export function useAuditUsers() {
  return useQuery(
    queryOptions({ queryKey: auditKeys.users(), queryFn: getAuditUsers, staleTime: 5 * 60_000 }),
  );
}
