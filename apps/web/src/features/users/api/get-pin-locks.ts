import type { Envelope, PinLock } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** GET /api/v1/users/pin-locks (admin): users whose PIN is locked right now. */
export async function getPinLocks(): Promise<PinLock[]> {
  const reply = await api.get<Envelope<PinLock[]>>(`${apiPaths.users}/pin-locks`);
  return reply.data;
}

/** Locks last 15 minutes: re-read every minute (and on focus) so a notice appears and goes in time. */
export const pinLocksQueryOptions = () =>
  queryOptions({ queryKey: usersKeys.pinLocks(), queryFn: getPinLocks, refetchInterval: 60_000 });

export const usePinLocks = (enabled = true) => useQuery({ ...pinLocksQueryOptions(), enabled });
