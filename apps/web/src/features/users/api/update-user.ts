import type { Envelope, User, UserUpdate } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** PUT /api/v1/users/:id; absent password/PIN keep the current ones. */
export async function updateUser({ id, body }: { id: string; body: UserUpdate }): Promise<User> {
  const reply = await api.put<Envelope<User>>(`${apiPaths.users}/${encodeURIComponent(id)}`, body);
  return reply.data;
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'update'],
    mutationFn: updateUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
