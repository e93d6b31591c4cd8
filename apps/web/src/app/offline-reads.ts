import { createOfflineReads, keepsOfflineReads } from '../lib/offline-reads.ts';
import { session } from '../lib/session.ts';
import { queryClient } from './query-client.ts';

/** The app's copy of the agent's reads (lib/offline-reads.ts), on the app's one QueryClient. */
export const offlineReads = createOfflineReads(queryClient, {
  currentUserId: () => session.get()?.user.id,
});

let following: string | undefined;

/**
 * Called by the session guard before any back-office screen renders: an agent's copy is in the cache
 * before their first query runs, so a start without signal shows it at once. An administrator keeps
 * nothing on the device.
 */
export function startOfflineReads(): Promise<void> {
  const user = session.get()?.user;
  if (!keepsOfflineReads(user)) {
    stopOfflineReads();
    return Promise.resolve();
  }
  following = user.id;
  return offlineReads.start(user);
}

function stopOfflineReads() {
  following = undefined;
  offlineReads.stop();
}

// Sign-out, a 401 or another user: this copy stops following the cache before anything else loads.
session.subscribe(() => {
  if (following !== undefined && session.get()?.user.id !== following) stopOfflineReads();
});
