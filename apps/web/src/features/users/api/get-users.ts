import type { Paged, PagedQuery, User } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/users?page&size&query&q&orderBy&order (admin). */
export function getUsers(params: PagedQuery): Promise<Paged<User>> {
  return api.get<Paged<User>>(apiPaths.users, { ...params });
}
