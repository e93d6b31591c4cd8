import { api, isApiError } from '../../../lib/api.ts';
import { anyBody } from '../../../lib/fetch-core.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { session } from '../../../lib/session.ts';

/** POST /api/v1/auth/token/refresh: no body, Bearer of the token to renew (docs/product.md §7). */
export function refreshToken(token: string): Promise<unknown> {
  // Checked by session.start, like the login reply.
  return api.post(apiPaths.refreshToken, anyBody, undefined, { token, logoutOnUnauthorized: false });
}

let pending: Promise<boolean> | null = null;

/**
 * One refresh attempt with the token stored by an earlier visit. Success replaces the token and
 * authenticates; any failure (no token, 401, unacceptable reply) signs out (docs/product.md §4). Without a
 * connection (no reply at all) the stored session is used as it is: the field app must open offline.
 */
export function restoreSession(): Promise<boolean> {
  if (session.isAuthenticated()) return Promise.resolve(true);
  if (pending) return pending;
  const token = session.storedToken();
  if (!token) return Promise.resolve(false);
  pending = refreshToken(token)
    .then((reply) => session.start(reply))
    .catch((error) => isApiError(error) && error.status === 0 && session.resumeStored())
    .then((ok) => {
      if (!ok) session.clear();
      return ok;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
