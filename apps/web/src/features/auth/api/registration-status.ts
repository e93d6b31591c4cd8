import type { RegistrationStatus } from '@prestaya/contracts';
import { isRecord } from '../../../lib/fetch-core.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';

export const registrationStatusKey = ['auth', 'registration-status'] as const;

/** Read without zod, which the sign-in page's first load leaves out: only `open: true` opens it. */
const readRegistrationStatus = (body: unknown): RegistrationStatus => ({
  open: isRecord(body) && body.open === true,
});

/** GET /api/v1/auth/register: whether the first administrator can still be created. */
export const registrationStatusQueryOptions = () =>
  apiQuery({
    read: readRegistrationStatus,
    queryKey: registrationStatusKey,
    path: apiPaths.register,
    staleTime: 0,
  });
