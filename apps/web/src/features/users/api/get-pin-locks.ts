import { pinLock, z } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { usersKeys } from './keys.ts';

const readPinLockList = z.array(pinLock).parse;

/**
 * GET /api/v1/users/pin-locks (admin): users whose PIN is locked right now. Locks last 15 minutes:
 * re-read every minute (and on focus) so a notice appears and goes in time.
 */
export const pinLocksQueryOptions = () =>
  apiQuery({
    read: readPinLockList,
    queryKey: usersKeys.pinLocks(),
    path: `${apiPaths.users}/pin-locks`,
    refetchInterval: 60_000,
  });

export const usePinLocks = (enabled = true) => useQuery({ ...pinLocksQueryOptions(), enabled });
