import { useQuery } from '@tanstack/react-query';
import { openDB } from 'idb';
import { cashCloseKeys } from './api/keys.ts';

/**
 * Where the field app keeps the payments it took without a signal until the server has them (the
 * offline queue): IndexedDB database 'prestaya-offline', object store 'pending-payments', one entry per
 * payment with the signed-in user's id in `agentId` and `state` 'pending' or 'refused'. Only read here.
 */
export const OFFLINE_DATABASE = 'prestaya-offline';
export const PENDING_PAYMENTS_STORE = 'pending-payments';

export interface UnsentPayments {
  /** Still to be sent by the phone: not in the server's corte yet. */
  pending: number;
  /** Sent and refused by the server (already paid, loan changed): the agent must review them. */
  refused: number;
}

const NONE: UnsentPayments = { pending: 0, refused: 0 };

/**
 * Counts the queue's entries of `agentId`; null where the browser has no IndexedDB. Never creates the
 * database: opening one that does not exist would make an empty version 1 and keep the queue's own
 * first upgrade from ever running, so that open is aborted (nothing queued, nothing to count).
 */
export async function countUnsentPayments(agentId: string): Promise<UnsentPayments | null> {
  if (typeof indexedDB === 'undefined') return null;
  let db: Awaited<ReturnType<typeof openDB>>;
  try {
    db = await openDB(OFFLINE_DATABASE, undefined, {
      upgrade: (_db, _oldVersion, _newVersion, transaction) => transaction.abort(),
      // The queue upgrading its database must never wait for this reader.
      blocking: () => db.close(),
    });
  } catch {
    return NONE;
  }
  try {
    if (!db.objectStoreNames.contains(PENDING_PAYMENTS_STORE)) return NONE;
    const entries: unknown[] = await db.getAll(PENDING_PAYMENTS_STORE);
    const mine = entries.filter(
      (entry): entry is { state?: unknown } =>
        typeof entry === 'object' && entry !== null && (entry as { agentId?: unknown }).agentId === agentId,
    );
    const refused = mine.filter((entry) => entry.state === 'refused').length;
    return { pending: mine.length - refused, refused };
  } finally {
    db.close();
  }
}

/**
 * The signed-in agent's unsent payments, read again every few seconds and on focus while the screen
 * is open (the queue sends them by itself when the signal returns). Works offline: no network involved.
 */
export const useUnsentPayments = (agentId: string) =>
  useQuery({
    queryKey: cashCloseKeys.unsent(agentId),
    queryFn: () => countUnsentPayments(agentId),
    networkMode: 'always',
    refetchInterval: 5_000,
    staleTime: 0,
  });
