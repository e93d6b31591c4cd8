import { api } from '../../../lib/api.ts';
import { noBody } from '../../../lib/fetch-core.ts';
import { apiPaths } from '../../../lib/paths.ts';

/**
 * POST /api/v1/auth/logout with the session's token: the server ends that session, so a copy of the
 * token stops working everywhere. Best effort: without signal (or with the token already refused) the
 * device still signs out; the token then lasts until it expires (8 hours at most).
 */
export function endServerSession(token: string): Promise<void> {
  return api
    .post(apiPaths.logout, noBody, undefined, { token, logoutOnUnauthorized: false })
    .catch(() => undefined);
}
