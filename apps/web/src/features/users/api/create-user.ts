import { type UserCreate, user } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** POST /api/v1/users → 201 envelope; 409 when the e-mail is taken. */
export const createUser = (body: UserCreate) => apiData.post(apiPaths.users, user.parse, body);

export const useCreateUser = () =>
  useApiMutation(['users', 'create'], createUser, { invalidates: [usersKeys.all] });
