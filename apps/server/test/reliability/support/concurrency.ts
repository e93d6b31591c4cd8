import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../../src/app.ts';
import { type Database, openDatabase } from '../../../src/db/client.ts';
import { type TestContext, testConfig } from '../../support/app.ts';
import { databaseUrlOf, holdRowLock } from '../../support/row-lock.ts';

/**
 * A second in-process app on the test's PostgreSQL database, with its own node-postgres pool, so the
 * two pools together run as many transactions at once as they have connections.
 */
export function useSecondApp(context: TestContext) {
  let second: FastifyInstance;
  let secondDatabase: Database;
  beforeAll(async () => {
    secondDatabase = await openDatabase({ databaseUrl: databaseUrlOf(context.database) });
    second = await buildApp({ config: testConfig(), database: secondDatabase, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await secondDatabase?.close();
  });
  return {
    second: () => second,
    /** Request i goes to app i mod 2. */
    appFor: (i: number) => (i % 2 === 0 ? context.app : second),
  };
}

/**
 * Fires `calls` while the given rows are held locked on a connection of their own, and lets go once
 * `blocked` transactions wait on them: the requests provably overlap.
 */
export async function gated<T>(
  database: Database,
  rows: { table: string; id: string }[],
  blocked: number,
  calls: (() => Promise<T>)[],
): Promise<T[]> {
  const gates = await Promise.all(rows.map((row) => holdRowLock(database, row.table, row.id)));
  const burst = Promise.all(calls.map((call) => call()));
  const seen = await (gates[0] as (typeof gates)[number]).waitForBlocked(blocked);
  for (const gate of gates) await gate.release();
  const replies = await burst;
  expect(seen, 'transacciones esperando a la vez').toBeGreaterThanOrEqual(blocked);
  return replies;
}
