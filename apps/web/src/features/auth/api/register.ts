import { type RegisterRequest, user } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { registrationStatusKey } from './registration-status.ts';

/** What the registration screen reads of the administrator it created. */
const registeredUser = user.pick({ id: true, name: true, lastName: true, username: true });
export type RegisteredUser = ReturnType<typeof registeredUser.parse>;

/** POST /api/v1/auth/register: creates the first administrator (403 once one exists). */
export async function register(body: RegisterRequest): Promise<RegisteredUser> {
  return apiData.post(apiPaths.register, registeredUser.parse, body, { logoutOnUnauthorized: false });
}

export const useRegister = () =>
  useApiMutation(['auth', 'register'], register, {
    invalidates: [registrationStatusKey],
    reloadAfterError: true,
  });
