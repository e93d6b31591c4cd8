import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { dropOtherUsersLists, readCachedList, writeCachedList } from './offline-db.ts';
import { queryRoots } from './query-keys.ts';
import { hasRole, type SessionUser } from './session.ts';

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * The agent's reads kept on the phone (docs/architecture.md "Field collection (PWA)"): the successful
 * TanStack queries of the screens an agent opens in the field, dehydrated into the device's
 * 'list-cache' store under the signed-in user's id and hydrated back when the app starts, so Clientes,
 * a customer, their loans and statement and the day's corte open without signal.
 */
export const READS_CACHE_NAME = 'reads';
/** A copy older than this is not shown: a week-old balance misleads more than it helps. */
export const READS_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** At most this many queries (the newest) … */
export const READS_MAX_QUERIES = 200;
/** … and about this many characters of JSON (2 MB), so the copy never grows with the portfolio. */
export const READS_MAX_CHARS = 2_000_000;
/** Writes are grouped: a screen loading five queries writes the copy once. */
export const READS_WRITE_DELAY_MS = 1_000;

/**
 * The agent's own field reads: Clientes and a customer, their loans, schedules, fines and payments,
 * and their own day's corte. Never a document's signed links (they expire in minutes) nor a list the
 * server answers for every agent (the loan catalogue, another agent's corte).
 */
export function isFieldRead(queryKey: QueryKey): boolean {
  const [root, part, who] = queryKey;
  if (root === queryRoots.customers[0]) return part === 'list' || part === 'detail';
  if (root === queryRoots.loans[0]) return part !== 'list';
  if (root === queryRoots.cashClose[0]) return part === 'day' && who === 'self';
  return false;
}

/** Only an agent keeps reads on the phone: an administrator's lists cover every agent's customers. */
export const keepsOfflineReads = (user: SessionUser | null | undefined): user is SessionUser =>
  !!user && !hasRole(user, 'ROLE_ADMIN');

const size = (query: DehydratedQuery) => {
  try {
    return JSON.stringify(query.state.data)?.length ?? 0;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
};

/** What is kept: successful field reads younger than the age limit, newest first, within both bounds. */
export function boundReads(queries: DehydratedQuery[], now: number): DehydratedQuery[] {
  const fresh = queries
    .filter(
      (query) =>
        query.state.status === 'success' &&
        isFieldRead(query.queryKey) &&
        now - query.state.dataUpdatedAt <= READS_MAX_AGE_MS,
    )
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt);
  const kept: DehydratedQuery[] = [];
  let chars = 0;
  for (const query of fresh) {
    if (kept.length >= READS_MAX_QUERIES) break;
    chars += size(query);
    if (chars > READS_MAX_CHARS) break;
    kept.push({ ...query, promise: undefined });
  }
  return kept;
}

interface StoredReads {
  queries: DehydratedQuery[];
}

export interface ReadsStore {
  read(userId: string): Promise<StoredReads | undefined>;
  write(userId: string, reads: StoredReads): Promise<void>;
  /** Forgets every other user's copy on the device. */
  dropOthers(userId: string): Promise<void>;
}

/** The device's store: one row of 'list-cache', which only ever holds the signed-in user's rows. */
export const deviceReadsStore: ReadsStore = {
  read: async (userId) => (await readCachedList<StoredReads>(userId, READS_CACHE_NAME))?.data,
  write: (userId, reads) => writeCachedList(userId, READS_CACHE_NAME, reads),
  dropOthers: dropOtherUsersLists,
};

export interface OfflineReadsDeps {
  store?: ReadsStore;
  now?: () => number;
  /** Runs `write` a little later; returns how to cancel it. */
  later?: (write: () => void) => () => void;
  /** The user still signed in: nothing is written for anyone else. */
  currentUserId: () => string | undefined;
}

const defaultLater = (write: () => void) => {
  const timer = setTimeout(write, READS_WRITE_DELAY_MS);
  return () => clearTimeout(timer);
};

/**
 * Keeps `queryClient`'s field reads of one user on the device. `start(user)` restores that user's copy
 * (once per user) and follows the cache from then on; `stop()` on sign-out or a change of user.
 * Queries the cache garbage-collects stay in the copy until they age out or newer ones push them out.
 */
export function createOfflineReads(queryClient: QueryClient, deps: OfflineReadsDeps) {
  const { store = deviceReadsStore, now = Date.now, later = defaultLater, currentUserId } = deps;
  let active: {
    userId: string;
    kept: Map<string, DehydratedQuery>;
    restored: Promise<void>;
    off: () => void;
    cancel?: () => void;
  } | null = null;

  const persistable = (query: Query) => query.state.status === 'success' && isFieldRead(query.queryKey);

  async function write(session: NonNullable<typeof active>) {
    session.cancel = undefined;
    if (active !== session || currentUserId() !== session.userId) return;
    const current = dehydrate(queryClient, { shouldDehydrateQuery: persistable }).queries;
    for (const query of current) session.kept.set(query.queryHash, query);
    const bounded = boundReads([...session.kept.values()], now());
    session.kept = new Map(bounded.map((query) => [query.queryHash, query]));
    await store.write(session.userId, { queries: bounded });
  }

  const reads = {
    /** Restores `user`'s copy into the cache and keeps it current; resolves once it is restored. */
    start(user: SessionUser): Promise<void> {
      if (active?.userId === user.id) return active.restored;
      reads.stop();
      const session: NonNullable<typeof active> = {
        userId: user.id,
        kept: new Map(),
        restored: Promise.resolve(),
        off: () => undefined,
      };
      active = session;
      session.restored = (async () => {
        try {
          await store.dropOthers(user.id);
          const stored = await store.read(user.id);
          if (active !== session || !stored) return;
          const fresh = boundReads(stored.queries ?? [], now());
          for (const query of fresh) session.kept.set(query.queryHash, query);
          hydrate(queryClient, { queries: fresh });
        } catch {
          // An unreadable copy only costs the offline reads; the screens load from the server.
        }
      })();
      session.off = queryClient.getQueryCache().subscribe((event) => {
        if (event.type !== 'updated' || event.action.type !== 'success' || !persistable(event.query)) return;
        session.cancel ??= later(() => void write(session).catch(() => undefined));
      });
      return session.restored;
    },
    /** Writes the copy now (tests, and before the page goes away). */
    async flush(): Promise<void> {
      if (!active) return;
      active.cancel?.();
      await write(active);
    },
    /** Stops following the cache; the copy stays on the device until sign-out erases it. */
    stop(): void {
      active?.off();
      active?.cancel?.();
      active = null;
    },
  };
  return reads;
}

export type OfflineReads = ReturnType<typeof createOfflineReads>;
