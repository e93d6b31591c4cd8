import type { Envelope, User } from '@prestaya/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** GET /api/v1/users/:id. */
export async function getUser(id: string): Promise<User> {
  const reply = await api.get<Envelope<User>>(`${apiPaths.users}/${encodeURIComponent(id)}`);
  return reply.data;
}

export const userQueryOptions = (id: string) =>
  queryOptions({ queryKey: usersKeys.detail(id), queryFn: () => getUser(id), staleTime: 0 });
