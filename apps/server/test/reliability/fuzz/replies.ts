import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { rowsOf } from '../../support/database.ts';

/** What every fuzzed reply and the database after each route's batch must be. */

export function expectRefusedOrServed(route: string, response: LightMyRequestResponse) {
  const where = `${route} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (route.split(' ')[0] !== 'GET') expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], where).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(response.body);
  expect(body, where).toMatchObject({ type: 'about:blank', status: response.statusCode });
  expect(typeof body.title, where).toBe('string');
  expect(body.detail, where).toEqual(expect.any(String));
  expect(body.detail.length, where).toBeGreaterThan(0);
  expect(body, where).not.toHaveProperty('stack');
  expect(response.body, where).not.toMatch(/at .+\.(ts|js):\d+|node_modules|ERR_|Error:/);
}

/** Tables whose rows record refused attempts by design (per-client counters, PIN failures). */
const ATTEMPT_COUNTERS = new Set(['rate_limit_hits', 'pin_lockouts']);

/** A digest of every row of every other table, money tables included, plus the row counts. */
export async function databaseDigest(database: Database): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !ATTEMPT_COUNTERS.has(name));
  const digest: Record<string, string> = {};
  for (const name of tables) {
    const [row] = rowsOf<{ n: number; md5: string }>(
      await database.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${name}" t`,
        ),
      ),
    );
    digest[name] = `${row?.n} rows, ${row?.md5}`;
  }
  return digest;
}
