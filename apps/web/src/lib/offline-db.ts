import { deleteDB, type IDBPDatabase, openDB } from 'idb';

/**
 * The field app's data on the device (docs/architecture.md "Field collection (PWA)"): one IndexedDB
 * database with the payments taken without signal (offline-queue.ts), the visits recorded without
 * signal (visit-queue.ts), the last Cobranza list each tab loaded and the agent's other reads
 * (offline-reads.ts), all tagged with the signed-in user's id and erased on 'Cerrar Sesión'.
 */
export const OFFLINE_DB_NAME = 'prestaya-offline';
export const PENDING_PAYMENTS_STORE = 'pending-payments';
export const LIST_CACHE_STORE = 'list-cache';
export const PENDING_VISITS_STORE = 'pending-visits';
type StoreName = typeof PENDING_PAYMENTS_STORE | typeof LIST_CACHE_STORE | typeof PENDING_VISITS_STORE;
const STORES: readonly StoreName[] = [PENDING_PAYMENTS_STORE, LIST_CACHE_STORE, PENDING_VISITS_STORE];
/** 2: 'pending-visits'. An upgrade adds the stores a device lacks and keeps what the others hold. */
const VERSION = 2;

/** A record store keyed by one string field: IndexedDB on a device, a Map in tests and old browsers. */
export interface KeyedStore<T> {
  all(): Promise<T[]>;
  get(key: string): Promise<T | undefined>;
  put(value: T): Promise<void>;
  delete(key: string): Promise<void>;
}

export function memoryStore<T>(keyOf: (value: T) => string): KeyedStore<T> & { clear(): void } {
  const rows = new Map<string, T>();
  return {
    clear: () => rows.clear(),
    all: async () => [...rows.values()].map((row) => structuredClone(row)),
    get: async (key) => {
      const row = rows.get(key);
      return row === undefined ? undefined : structuredClone(row);
    },
    put: async (value) => {
      rows.set(keyOf(value), structuredClone(value));
    },
    delete: async (key) => {
      rows.delete(key);
    },
  };
}

let connection: Promise<IDBPDatabase> | null = null;

function database(): Promise<IDBPDatabase> {
  connection ??= openDB(OFFLINE_DB_NAME, VERSION, {
    upgrade(db) {
      for (const name of STORES) {
        if (!db.objectStoreNames.contains(name)) db.createObjectStore(name, { keyPath: 'key' });
      }
    },
    // Another tab erases the data (sign-out) or opens a newer version: let it.
    blocking(_current, _blocked, event) {
      (event.target as IDBDatabase).close();
      connection = null;
    },
    terminated() {
      connection = null;
    },
  }).catch((error: unknown) => {
    connection = null;
    throw error;
  });
  return connection;
}

const hasIndexedDb = () => typeof indexedDB !== 'undefined';

function idbStore<T>(name: StoreName): KeyedStore<T> {
  return {
    all: async () => (await (await database()).getAll(name)) as T[],
    get: async (key) => (await (await database()).get(name, key)) as T | undefined,
    put: async (value) => {
      await (await database()).put(name, value);
    },
    delete: async (key) => {
      await (await database()).delete(name, key);
    },
  };
}

const inMemory = new Map<StoreName, ReturnType<typeof memoryStore<{ key: string }>>>();

/** The device's store `name`, or one in memory where there is no IndexedDB (jsdom). */
export function offlineStore<T extends { key: string }>(name: StoreName): KeyedStore<T> {
  if (hasIndexedDb()) return idbStore<T>(name);
  let store = inMemory.get(name);
  if (!store) {
    store = memoryStore<{ key: string }>((value) => value.key);
    inMemory.set(name, store);
  }
  return store as unknown as KeyedStore<T>;
}

/** 'Cerrar Sesión': the whole database goes, whoever it belonged to. */
export async function eraseOfflineData(): Promise<void> {
  for (const store of inMemory.values()) store.clear();
  if (!hasIndexedDb()) return;
  const open = connection;
  connection = null;
  if (open) (await open.catch(() => null))?.close();
  await deleteDB(OFFLINE_DB_NAME);
}

/** One list as a screen last loaded it for `userId`, shown when there is no signal. */
export interface CachedList<T> {
  key: string;
  userId: string;
  /** ISO timestamp of the load. */
  savedAt: string;
  data: T;
}

const listCache = () => offlineStore<CachedList<unknown>>(LIST_CACHE_STORE);

/** The cached copy of list `name` for `userId`, if this device has one. */
export async function readCachedList<T>(userId: string, name: string): Promise<CachedList<T> | undefined> {
  try {
    const row = await listCache().get(`${userId}:${name}`);
    return row && row.userId === userId ? (row as CachedList<T>) : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the lists of every user but `userId` (another user signed in on this phone). */
export async function dropOtherUsersLists(userId: string): Promise<void> {
  try {
    const store = listCache();
    for (const row of await store.all()) if (row.userId !== userId) await store.delete(row.key);
  } catch {
    // A blocked database: the rows stay unreadable to this user (read checks the owner).
  }
}

/**
 * Keeps `data` as list `name` of `userId`. Only the signed-in user's lists stay on the device: another
 * user's copies (left by a session that expired instead of signing out) are dropped.
 */
export async function writeCachedList<T>(userId: string, name: string, data: T, now = new Date()) {
  try {
    await dropOtherUsersLists(userId);
    await listCache().put({ key: `${userId}:${name}`, userId, savedAt: now.toISOString(), data });
  } catch {
    // A full or blocked database only costs the offline copy; the screen shows what it loaded.
  }
}
