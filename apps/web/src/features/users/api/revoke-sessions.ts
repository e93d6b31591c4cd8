import type { Envelope, User } from '@prestaya/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/users/:id/revoke-sessions ('Cerrar sesiones', administrators): every token of the user ends. */
export async function revokeSessions(id: string): Promise<User> {
  const reply = await api.post<Envelope<User>>(`${apiPaths.users}/${encodeURIComponent(id)}/revoke-sessions`);
  return reply.data;
}

export function useRevokeSessions() {
  return useMutation({ mutationKey: ['users', 'revoke-sessions'], mutationFn: revokeSessions });
}
