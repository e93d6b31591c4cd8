import { type Paged, type PagedQuery, paged, type User, user } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

const readUserPage = paged(user).parse;

/** GET /api/v1/users?page&size&query&q&orderBy&order (admin). */
export function getUsers(params: PagedQuery): Promise<Paged<User>> {
  return api.get(apiPaths.users, readUserPage, { ...params });
}
