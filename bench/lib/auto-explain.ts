/**
 * EXPLAIN (ANALYZE, BUFFERS, WAL) of the statements an app function runs, without changing it:
 * auto_explain, loaded into the pool's one connection, sends each plan over 0.2 s to the client as a
 * NOTICE, which is printed. PostgreSQL only (the server's superuser loads the module).
 */

import type { Database } from '@prestaya/server/bench';
import type pg from 'pg';

const print = (notice: { message?: string }) => {
  if (notice.message?.includes('duration:')) console.log(notice.message);
};

async function session(database: Database, statements: string[], on: boolean) {
  if (database.kind !== 'pg') throw new Error('--explain needs PostgreSQL');
  const pool: pg.Pool = database.client;
  const client = await pool.connect();
  try {
    for (const statement of statements) await client.query(statement);
    if (on) client.on('notice', print);
    else client.removeListener('notice', print);
  } finally {
    client.release();
  }
}

/** Every statement over 0.2 s on the pool's connection prints its plan (the pool must hold one client). */
export const explainOn = (database: Database) =>
  session(
    database,
    [
      "load 'auto_explain'",
      "set auto_explain.log_min_duration = '200ms'",
      'set auto_explain.log_analyze = on',
      'set auto_explain.log_buffers = on',
      'set auto_explain.log_wal = on',
      'set auto_explain.log_triggers = on',
      'set auto_explain.log_nested_statements = on',
      "set auto_explain.log_level = 'notice'",
    ],
    true,
  );

export const explainOff = (database: Database) =>
  session(database, ['set auto_explain.log_min_duration = -1'], false);
