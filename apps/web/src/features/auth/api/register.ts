import type { Envelope, RegisterRequest } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

export interface RegisteredUser {
  id: string;
  name: string;
  lastName: string;
  username: string;
}

/** POST /api/v1/auth/register: creates the first administrator (403 once one exists). */
export async function register(body: RegisterRequest): Promise<RegisteredUser> {
  const reply = await api.post<Envelope<RegisteredUser>>(apiPaths.register, body, {
    logoutOnUnauthorized: false,
  });
  return reply.data;
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'register'],
    mutationFn: register,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ['auth', 'registration-status'] });
    },
  });
}
