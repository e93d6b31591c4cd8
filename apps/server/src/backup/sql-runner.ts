import type pg from 'pg';
import type { Database } from '../db/client.ts';

export type Row = Record<string, unknown>;
/**
 * Runs one statement without parameters and returns its rows: all that backup and restore ask of
 * either engine, so the inventory and the checks are written once for PGlite and PostgreSQL.
 */
export type RunSql = (text: string) => Promise<Row[]>;

export function runSqlOn(database: Database): RunSql {
  if (database.kind === 'pglite') return async (text) => (await database.client.query<Row>(text)).rows;
  return async (text) => (await database.client.query<Row>(text)).rows;
}

/** The same on one pooled connection (a transaction spans several statements). */
export const runSqlOnClient =
  (client: pg.PoolClient | pg.Client): RunSql =>
  async (text) =>
    (await client.query<Row>(text)).rows;
