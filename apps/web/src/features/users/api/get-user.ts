import { user } from '@prestaya/contracts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { usersKeys } from './keys.ts';

/** GET /api/v1/users/:id. */
export const userQueryOptions = (id: string) =>
  apiQuery({ read: user.parse, queryKey: usersKeys.detail(id), path: apiPaths.user(id), staleTime: 0 });
