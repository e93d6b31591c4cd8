import { passwordResetStatus } from '@prestaya/contracts';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';

export const passwordResetKey = (token: string) => ['auth', 'password-reset', token] as const;

/**
 * GET /api/v1/auth/password-reset/:token (no session needed): whose password the link resets. Read
 * once per visit: every read counts against the address's attempts, and a dead link stays dead.
 */
export const passwordResetQueryOptions = (token: string) =>
  apiQuery({
    read: passwordResetStatus.parse,
    queryKey: passwordResetKey(token),
    path: apiPaths.passwordReset(token),
    staleTime: Number.POSITIVE_INFINITY,
  });
