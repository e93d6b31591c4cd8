import { spawn } from 'node:child_process';
import type { PGlite } from '@electric-sql/pglite';
import { pgDump } from '@electric-sql/pglite-tools/pg_dump';
import type pg from 'pg';
import type { Database } from '../db/client.ts';
import { type Inventory, readInventory, TABLES_NOT_BACKED_UP } from './inventory.ts';
import { BACKUP_MESSAGES, BackupRefusedError } from './messages.ts';
import { type Row, type RunSql, runSqlOnClient } from './sql-runner.ts';

/**
 * Plain SQL, data as INSERTs (portable across major versions), no owners or grants (any role restores
 * it), and the tables of secrets without their rows (inventory.ts).
 */
const DUMP_ARGS = [
  '--no-owner',
  '--no-privileges',
  ...TABLES_NOT_BACKED_UP.map((table) => `--exclude-table-data=${table}`),
];

/**
 * pg_dump ≥ 15.14 brackets its script in psql's `\restrict KEY` / `\unrestrict KEY`; the restore runs
 * the SQL through a driver, not psql, so those lines go (the key is a random word on its own line).
 */
const stripPsqlRestrict = (sql: string) => sql.replace(/^\\(?:un)?restrict [A-Za-z0-9]+\r?\n?/gm, '');

/** A simple-query protocol message ('Q'): PGlite's raw protocol path takes no lock. */
function simpleQuery(text: string): Uint8Array {
  const body = Buffer.from(`${text}\0`, 'utf8');
  const message = Buffer.alloc(5 + body.length);
  message.write('Q', 0, 'latin1');
  message.writeInt32BE(4 + body.length, 1);
  body.copy(message, 5);
  return message;
}

/** Runs statements through PGlite's raw protocol path, which takes none of its locks. */
function rawRunner(client: PGlite): RunSql {
  return async (text) => {
    const { messages } = await client.execProtocol(simpleQuery(text));
    let names: string[] = [];
    const rows: Row[] = [];
    for (const message of messages as unknown as RawMessage[]) {
      if (message.name === 'rowDescription')
        names = message.fields.map((field) => (field as { name: string }).name);
      if (message.name === 'dataRow')
        rows.push(Object.fromEntries(names.map((name, i) => [name, message.fields[i] ?? null])));
    }
    return rows;
  };
}
/** The two backend messages a result is made of (pg-protocol's names); the others are skipped. */
type RawMessage = { name: string; fields: unknown[] };

export interface Dump {
  sql: string;
  inventory: Inventory;
  serverVersion: string;
}

/**
 * PGlite has ONE session, shared by every request of a running server, and pglite-tools' pg_dump
 * talks to it through the raw protocol, which PGlite does not serialise. So the inventory and the
 * dump hold PGlite's transaction lock throughout: no request's transaction is open while pg_dump reads
 * (it would see it and end it), nothing changes between the counts and the dump, and requests wait
 * (about a second for a small office). pgDump's own bookkeeping queries would wait on that same lock,
 * so it gets a handle whose `query` answers the search_path read beforehand and whose `exec` takes the
 * raw path too.
 */
async function dumpPglite(client: PGlite): Promise<Dump> {
  const [row] = (await client.query<{ search_path: string }>('show search_path')).rows;
  const searchPath = row?.search_path ?? '"$user", public';
  return client._runExclusiveTransaction(async () => {
    const run = rawRunner(client);
    const inventory = await readInventory(run, 'stored');
    const session = {
      query: async () => ({ rows: [{ search_path: searchPath }] }),
      exec: async (text: string) => {
        await run(text);
        return [];
      },
      execProtocolRawStream: client.execProtocolRawStream.bind(client),
    } as unknown as PGlite;
    try {
      const file = await pgDump({ pg: session, args: DUMP_ARGS });
      return { sql: await file.text(), inventory, serverVersion: await serverVersionOf(run) };
    } finally {
      // pg_dump leaves without ending its read-only transaction or undoing its session settings (it
      // expects its connection to close); the server's session must be as it was before.
      await run('rollback');
      await run('reset all');
      await run(`set search_path to ${searchPath}`);
    }
  });
}

async function serverVersionOf(run: RunSql): Promise<string> {
  const [row] = await run('show server_version');
  return String(row?.server_version ?? '');
}

/**
 * PostgreSQL: a REPEATABLE READ transaction exports its snapshot and pg_dump reads through it
 * (`--snapshot`), so the inventory counted in that transaction and the dump see the same rows.
 */
async function dumpPostgresConsistent(pool: pg.Pool, databaseUrl: string): Promise<Dump> {
  const client = await pool.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const run = runSqlOnClient(client);
    const [snapshot] = await run('select pg_catalog.pg_export_snapshot() as id');
    const inventory = await readInventory(run, 'stored');
    const sql = await dumpPostgres(databaseUrl, String(snapshot?.id));
    const serverVersion = await serverVersionOf(run);
    await client.query('commit');
    return { sql, inventory, serverVersion };
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** The `pg_dump` program of the machine (its major version must be ≥ the server's). */
function dumpPostgres(databaseUrl: string, snapshot: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      'pg_dump',
      [...DUMP_ARGS, '--rows-per-insert=100', `--snapshot=${snapshot}`, '--dbname', databaseUrl],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new BackupRefusedError(BACKUP_MESSAGES.pgDumpMissing) : error),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stripPsqlRestrict(Buffer.concat(out).toString('utf8')));
      else reject(new BackupRefusedError(BACKUP_MESSAGES.pgDumpFailed(Buffer.concat(err).toString('utf8'))));
    });
  });
}

/** The database as one SQL script with its inventory, both of one moment. */
export function dumpDatabase(database: Database): Promise<Dump> {
  if (database.kind === 'pglite') return dumpPglite(database.client);
  // pg_dump connects with the URL the pool was opened with (db/client.ts always gives one).
  const url = database.client.options.connectionString;
  if (!url) throw new Error('dumpDatabase: the PostgreSQL pool has no connection string');
  return dumpPostgresConsistent(database.client, url);
}
