import type { User } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/users/:id/revoke-sessions ('Cerrar sesiones', administrators): every token of the user ends. */
export const revokeSessions = (id: string) => apiData.post<User>(`${apiPaths.user(id)}/revoke-sessions`);

export const useRevokeSessions = () => useApiMutation(['users', 'revoke-sessions'], revokeSessions);
