import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './dir-lock.ts';
import { closeQueued, PgliteQueue, queuePglite } from './pglite-queue.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The drizzle handle every service uses; the same type for PGlite and node-postgres. */
export type AppDb = PgDatabase<PgQueryResultHKT, Schema>;
export type AppTx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Services accept either so a caller can compose several writes into one transaction. */
export type DbOrTx = AppDb | AppTx;

export type Database = { db: AppDb; close(): Promise<void> } & (
  | {
      kind: 'pglite';
      client: PGlite;
      /** Hands PGlite's one session to the requests' routes in turn (pglite-queue.ts). */
      queue: PgliteQueue;
    }
  | { kind: 'pg'; client: pg.Pool }
);

export type OpenDatabaseOptions = {
  /** Errors of idle pooled connections (PostgreSQL restarts, network); they must not crash the process. */
  onPoolError?: (error: Error) => void;
} & (
  | {
      /** postgres://… — when set, PostgreSQL through node-postgres. */
      databaseUrl: string;
      dataDir?: string;
    }
  | {
      databaseUrl?: undefined;
      /** PGlite data directory (created if missing) or 'memory://' for a throw-away database. */
      dataDir: string;
      /** Start from a `dumpDataDir()` tarball instead of running initdb (tests: ~0.8 s instead of ~4 s). */
      loadDataDir?: Blob;
      /**
       * For a throw-away database only (the tests'): no full-page images in the WAL. They guard the data
       * against a page torn by a crash of the machine, which an in-memory database cannot outlive, and
       * writing them took about a fifth of the CPU of the API files on PGlite.
       */
      crashUnsafe?: boolean;
    }
);

/**
 * PGlite's shared buffers. Its default, 128MB, is touched inside WebAssembly memory at every start:
 * opening an existing directory takes ~1.1 s with it and ~0.8 s with 64MB (docs/performance-history.md,
 * cold start); pages past the buffers still come from the OS cache.
 */
const PGLITE_SHARED_BUFFERS = '64MB';

/**
 * How long opening ONE connection may take. A PostgreSQL that is down refuses at once, but one behind
 * a dead network would otherwise leave the request hanging; with this a request fails (503, refusal
 * 'database.unavailable') well within 2 s. Set on the client, not the pool: the pool's option of the
 * same name would also bound the wait for a free connection, turning a busy moment into 503s.
 */
export const CONNECT_TIMEOUT_MS = 1500;

/**
 * Settings of every app connection to PostgreSQL. No JIT compilation: PostgreSQL compiles a statement
 * whose estimated cost passes jit_above_cost, which the whole-business screens (Cobranza 'todos los
 * agentes') do at 100,000 customers: ~430 ms of compiling per request for a statement that runs in a
 * second or two and is compiled again next time; an interactive app's statements never run long enough
 * to win it back (docs/performance-history.md, Cobranza 'todos los agentes').
 */
export const PG_SESSION_OPTIONS = '-c jit=off';

class FailFastClient extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl !== undefined) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      Client: FailFastClient,
      keepAlive: true,
      // An `options` here replaces the environment's PGOPTIONS (libpq's variable, which node-postgres
      // reads): both are kept, the operator's last so that theirs win.
      options: [PG_SESSION_OPTIONS, process.env.PGOPTIONS].filter(Boolean).join(' '),
    });
    pool.on('error', options.onPoolError ?? (() => {}));
    // The pool listens for errors of idle clients only. One checked out (a transaction between two
    // statements) whose connection the server ends would emit 'error' to no one: an uncaught exception
    // that stops the process. Ignoring the event is safe: the client is marked unusable, its next
    // query fails (a 503), and the pool discards it when it is released.
    pool.on('connect', (client) => client.on('error', () => {}));
    return {
      kind: 'pg',
      client: pool,
      db: drizzleNodePg({ client: pool, schema }),
      close: () => pool.end(),
    };
  }
  if (options.crashUnsafe && !options.dataDir.startsWith('memory://'))
    throw new Error('crashUnsafe is for an in-memory database only');
  // A directory on disk has one owner (dir-lock.ts); memory:// and the like are private to the process.
  const lock = options.dataDir.includes('://') ? undefined : lockDataDir(options.dataDir);
  let client: PGlite;
  try {
    // pg_trgm and unaccent are loaded now because later issues search with them.
    client = await PGlite.create(options.dataDir, {
      extensions: { pg_trgm, unaccent },
      startParams: [
        ...PGlite.defaultStartParams,
        '-c',
        `shared_buffers=${PGLITE_SHARED_BUFFERS}`,
        ...(options.crashUnsafe ? ['-c', 'full_page_writes=off'] : []),
      ],
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    lock?.release();
    throw error;
  }
  const queue = new PgliteQueue();
  queuePglite(client, queue);
  return {
    kind: 'pglite',
    client,
    queue,
    db: drizzlePglite({ client, schema }),
    close: async () => {
      try {
        await closeQueued(client, queue);
      } finally {
        lock?.release();
      }
    },
  };
}
