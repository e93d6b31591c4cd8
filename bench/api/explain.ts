/**
 * The SQL behind each benchmark case, grabbed from the app itself: the case's service function runs
 * once on a drizzle handle whose logger records every statement with its parameters, then each
 * statement is run again under EXPLAIN (ANALYZE, BUFFERS).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { AppDb } from '../../apps/server/src/db/client.ts';
import * as schema from '../../apps/server/src/db/schema/index.ts';

export interface Statement {
  text: string;
  params: unknown[];
}

export async function captureStatements(
  url: string,
  work: (db: AppDb) => Promise<unknown>,
): Promise<Statement[]> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  const statements: Statement[] = [];
  const db = drizzle({
    client: pool,
    schema,
    logger: { logQuery: (text, params) => statements.push({ text, params: [...params] }) },
  }) as unknown as AppDb;
  try {
    await work(db);
  } finally {
    await pool.end();
  }
  return statements;
}

export async function explain(url: string, statement: Statement): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
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
