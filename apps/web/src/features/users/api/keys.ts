import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the users resource; invalidating `all` reloads lists and details. */
export const usersKeys = {
  all: queryRoots.users,
  lists: () => [...usersKeys.all, 'list'] as const,
  detail: (id: string) => [...usersKeys.all, 'detail', id] as const,
  pinLocks: () => [...usersKeys.all, 'pin-locks'] as const,
};
