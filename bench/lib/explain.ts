/**
 * The SQL behind a benchmark case, grabbed from the app itself: the case's work (service functions, or
 * a whole app built on the handle) runs once on a drizzle handle whose logger records every statement
 * with its parameters, then each statement is run again under EXPLAIN (ANALYZE, BUFFERS).
 */

import { type AppDb, PG_SESSION_OPTIONS, schema } from '@prestaya/server/bench';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';

export interface Statement {
  text: string;
  params: unknown[];
}

export interface CaptureOptions {
  /** Every transaction read-only: a statement that writes fails instead of changing the database. */
  readOnly?: boolean;
}

/** A drizzle handle over one connection whose logger records every statement into `statements`. */
export function loggingDatabase(url: string, options: CaptureOptions = {}) {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    // The app's session settings, so the plans are the app's.
    options: `${PG_SESSION_OPTIONS}${options.readOnly ? ' -c default_transaction_read_only=on' : ''}`,
  });
  const statements: Statement[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => statements.push({ text, params: [...params] }) },
  }) as unknown as AppDb;
  return { db, pool, statements, close: () => pool.end() };
}

/** Runs `work` on a logging handle and returns the statements it ran. */
export async function captureStatements(
  url: string,
  work: (db: AppDb) => Promise<unknown>,
): Promise<Statement[]> {
  const handle = loggingDatabase(url);
  try {
    await work(handle.db);
  } finally {
    await handle.close();
  }
  return handle.statements;
}

export async function explain(url: string, statement: Statement): Promise<string[]> {
  const client = new pg.Client({ connectionString: url, options: PG_SESSION_OPTIONS });
  await client.connect();
  try {
    const result = await client.query<{ 'QUERY PLAN': string }>(
      `explain (analyze, buffers) ${statement.text}`,
      statement.params,
    );
    return result.rows.map((row) => row['QUERY PLAN']);
  } finally {
    await client.end();
  }
}
