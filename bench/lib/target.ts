/**
 * The database a benchmark fills or reads: PostgreSQL (a dedicated bench database, created on demand)
 * or a PGlite directory, opened with the app's own openDatabase and migrated with its migrations.
 */
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Database, migrateDatabase, openDatabase } from '@prestaya/server/bench';
import pg from 'pg';
import { type BulkSink, pgliteSink, postgresSink } from './bulk.ts';

export const DEFAULT_BENCH_URL = 'postgres://postgres@127.0.0.1:5432/prestaya_bench';

export interface Target {
  kind: 'pg' | 'pglite';
  /** Where it is, for the report (a URL or a directory). */
  where: string;
  database: Database;
  exec(sql: string): Promise<void>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  sink(): BulkSink;
  close(): Promise<void>;
}

export const databaseName = (url: string) => decodeURIComponent(new URL(url).pathname.slice(1));

/** Connects to the server's `postgres` database to create (or, with reset, recreate) the bench one. */
async function ensurePostgresDatabase(url: string, reset: boolean) {
  const name = databaseName(url);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    const exists =
      (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
    if (exists && reset) {
      if (!name.startsWith('prestaya_bench'))
        throw new Error(`--reset only drops databases named prestaya_bench*, not "${name}"`);
      await client.query(`drop database ${name} with (force)`);
    }
    if (!exists || reset) await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

export async function dropPostgresDatabase(url: string) {
  const name = databaseName(url);
  if (!name.startsWith('prestaya_bench')) throw new Error(`refusing to drop "${name}"`);
  const maintenance = new URL(url);
  maintenance.pathname = '/postgres';
  const client = new pg.Client({ connectionString: maintenance.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

export interface OpenTargetOptions {
  /** PostgreSQL URL; when unset and dataDir is set, PGlite. */
  databaseUrl?: string | undefined;
  /** DATA_DIR: the PGlite files live in DATA_DIR/db, as for the app. */
  dataDir?: string | undefined;
  /** Create the database (PostgreSQL) or directory (PGlite) afresh. */
  reset?: boolean;
  /** Create it if missing (the generator); readers want it to exist. */
  create?: boolean;
}

/** How to run SQL on the database's client. PGlite runs a script of statements with exec(), pg with query(). */
function clientOf(database: Database, where: string) {
  if (database.kind === 'pglite') {
    const client = database.client;
    return {
      exec: (sql: string) => client.exec(sql),
      query: (sql: string, params: unknown[]) => client.query(sql, params),
      sink: () => pgliteSink(client),
    };
  }
  const pool = database.client;
  return {
    exec: (sql: string) => pool.query(sql),
    query: (sql: string, params: unknown[]) => pool.query(sql, params),
    sink: () => postgresSink(where),
  };
}

/** The rows of one statement on either kind of database (nothing migrated, nothing opened). */
export async function queryRows<T>(database: Database, sql: string, params: unknown[] = []): Promise<T[]> {
  return (await clientOf(database, '').query(sql, params)).rows as T[];
}

/** Opens the PGlite directory DATA_DIR/db, or the PostgreSQL database, and migrates it. */
export async function openTarget(options: OpenTargetOptions): Promise<Target> {
  let database: Database;
  let where: string;
  if (options.databaseUrl === undefined && options.dataDir !== undefined) {
    where = join(resolve(options.dataDir), 'db');
    if (options.reset) rmSync(where, { recursive: true, force: true });
    if (!options.create && !existsSync(where)) throw new Error(`no PGlite database in ${where}`);
    // PGlite creates db/ but not the folders above it (the app's config makes DATA_DIR the same way).
    mkdirSync(resolve(options.dataDir), { recursive: true });
    database = await openDatabase({ dataDir: where });
  } else {
    where = options.databaseUrl ?? DEFAULT_BENCH_URL;
    if (options.create) await ensurePostgresDatabase(where, options.reset ?? false);
    database = await openDatabase({ databaseUrl: where });
  }
  await migrateDatabase(database);
  const client = clientOf(database, where);
  return {
    kind: database.kind,
    where,
    database,
    exec: async (sql) => {
      await client.exec(sql);
    },
    query: async <T>(sql: string, params: unknown[] = []) => (await client.query(sql, params)).rows as T[],
    sink: client.sink,
    close: () => database.close(),
  };
}
