import type { RegistrationStatus } from '@prestaya/contracts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';

export const registrationStatusKey = ['auth', 'registration-status'] as const;

/** GET /api/v1/auth/register: whether the first administrator can still be created. */
export const registrationStatusQueryOptions = () =>
  apiQuery<RegistrationStatus>({ queryKey: registrationStatusKey, path: apiPaths.register, staleTime: 0 });
