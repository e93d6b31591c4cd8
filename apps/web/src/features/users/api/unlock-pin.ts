import { pinUnlockResult } from '@prestaya/contracts';
import { apiData } from '../../../lib/api.ts';
import { useApiMutation } from '../../../lib/mutation.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** POST /api/v1/users/:id/unlock-pin (admin): forgets the user's PIN locks and wrong-PIN counts. */
export const unlockPin = (id: string) =>
  apiData.post(`${apiPaths.user(id)}/unlock-pin`, pinUnlockResult.parse);

export const useUnlockPin = () =>
  useApiMutation(['users', 'unlock-pin'], unlockPin, { invalidates: [usersKeys.pinLocks()] });
