import { type UserUpdate, user } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** PUT /api/v1/users/:id; absent password/PIN keep the current ones. */
export const updateUser = ({ id, body }: { id: string; body: UserUpdate }) =>
  apiData.put(apiPaths.user(id), user.parse, body);

export const useUpdateUser = () =>
  useApiMutation(['users', 'update'], updateUser, { invalidates: [usersKeys.all] });
