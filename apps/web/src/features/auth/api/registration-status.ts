import type { Envelope, RegistrationStatus } from '@prestaya/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';

/** GET /api/v1/auth/register: whether the first administrator can still be created. */
export async function getRegistrationStatus(): Promise<RegistrationStatus> {
  const reply = await api.get<Envelope<RegistrationStatus>>(apiPaths.register);
  return reply.data;
}

export const registrationStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'registration-status'],
    queryFn: getRegistrationStatus,
    staleTime: 0,
  });
