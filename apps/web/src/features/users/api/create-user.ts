import type { Envelope, User, UserCreate } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** POST /api/v1/users → 201 envelope; 409 when the e-mail is taken. */
export async function createUser(body: UserCreate): Promise<User> {
  const reply = await api.post<Envelope<User>>(apiPaths.users, body);
  return reply.data;
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'create'],
    mutationFn: createUser,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.all });
    },
  });
}
