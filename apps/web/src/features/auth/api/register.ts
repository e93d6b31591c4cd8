import type { Envelope, RegisterRequest } from '@prestaya/contracts';
import { api } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { registrationStatusKey } from './registration-status.ts';

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

export const useRegister = () =>
  useApiMutation(['auth', 'register'], register, {
    invalidates: [registrationStatusKey],
    reloadAfterError: true,
  });
