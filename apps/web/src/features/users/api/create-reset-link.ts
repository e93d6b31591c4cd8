import { passwordResetLink } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** POST /api/v1/users/:id/password-reset (administrators): a one-time link, in this reply only. */
export const createResetLink = (id: string) =>
  apiData.post(`${apiPaths.user(id)}/password-reset`, passwordResetLink.parse);

export const useCreateResetLink = () => useApiMutation(['users', 'password-reset'], createResetLink);
