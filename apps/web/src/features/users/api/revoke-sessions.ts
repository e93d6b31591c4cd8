import { user } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/users/:id/revoke-sessions ('Cerrar sesiones', administrators): every token of the user ends. */
export const revokeSessions = (id: string) =>
  apiData.post(`${apiPaths.user(id)}/revoke-sessions`, user.parse);

export const useRevokeSessions = () => useApiMutation(['users', 'revoke-sessions'], revokeSessions);
