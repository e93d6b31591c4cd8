import type { Envelope, RegistrationStatus } from '@prestaya/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

export const REGISTER_PATH = '/api/v1/auth/register';

/** GET /api/v1/auth/register: whether the first administrator can still be created. */
export async function getRegistrationStatus(): Promise<RegistrationStatus> {
  const reply = await api.get<Envelope<RegistrationStatus>>(REGISTER_PATH);
  return reply.data;
}

export const registrationStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'registration-status'],
    queryFn: getRegistrationStatus,
    staleTime: 0,
  });
