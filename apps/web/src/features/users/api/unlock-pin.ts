import type { Envelope, PinUnlockResult } from '@prestaya/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { usersKeys } from './keys.ts';

/** POST /api/v1/users/:id/unlock-pin (admin): forgets the user's PIN locks and wrong-PIN counts. */
export async function unlockPin(id: string): Promise<PinUnlockResult> {
  const reply = await api.post<Envelope<PinUnlockResult>>(
    `${apiPaths.users}/${encodeURIComponent(id)}/unlock-pin`,
  );
  return reply.data;
}

export function useUnlockPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['users', 'unlock-pin'],
    mutationFn: unlockPin,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: usersKeys.pinLocks() });
    },
  });
}
