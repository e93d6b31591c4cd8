import { redirect } from 'react-router';
import { restoreSession } from '../features/auth/api/refresh-token.ts';
import { screenPaths } from '../lib/paths.ts';
import { session } from '../lib/session.ts';
import { startOfflineReads } from './offline-reads.ts';

/**
 * Guard of /admin/*: an authenticated session, or one successful refresh of the stored token (or,
 * without signal, the stored session); otherwise the session is cleared and the user goes to Login (docs/product.md §2, §4).
 */
export async function requireSession() {
  if (session.isAuthenticated() || (await restoreSession())) {
    // An agent's reads kept on the phone are in the cache before the first screen asks for them.
    await startOfflineReads();
    return null;
  }
  session.clear();
  throw redirect(screenPaths.login);
}

/** An authenticated visit to Login goes to Customers. */
export async function redirectIfAuthenticated() {
  if (session.isAuthenticated() || (session.storedToken() && (await restoreSession()))) {
    throw redirect(screenPaths.afterLogin);
  }
  return null;
}
