import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { createAdmin, request, useTestApp } from '../support/app.ts';
import { rowsOf } from '../support/database.ts';

/**
 * The embedded database (PGlite) runs on its own thread behind a queue ordered by each request's
 * route cost (db/pglite-thread.ts, db/pglite-queue.ts). PostgreSQL has its pool and neither.
 */
const context = useTestApp();
const onPglite = !process.env.DATABASE_URL;

function pglite(database: Database) {
  if (database.kind !== 'pglite') throw new Error('expected PGlite');
  return database.client;
}

/** Lets pending callbacks run until `done()` holds (each turn one trip round the event loop). */
async function until(done: () => boolean) {
  for (let turn = 0; turn < 10_000 && !done(); turn++) await new Promise((resolve) => setImmediate(resolve));
  expect(done()).toBe(true);
}

describe.runIf(onPglite)('the embedded database keeps the server answering while it works', () => {
  it('answers /health while a heavy statement runs', async () => {
    const order: string[] = [];
    const heavy = context.database.db
      .execute(sql`select count(*) from generate_series(1, 1500000) g where g % 7 = 3`)
      .then(() => order.push('heavy statement'));
    await new Promise((resolve) => setImmediate(resolve));
    const health = context.app.inject({ method: 'GET', url: '/health' }).then((response) => {
      order.push('/health');
      return response;
    });
    const [, response] = await Promise.all([heavy, health]);
    expect(response.statusCode).toBe(200);
    expect(order).toEqual(['/health', 'heavy statement']);
  });

  it('answers a light request before the heavy requests queued ahead of it', async () => {
    const admin = await createAdmin(context);
    const queue = pglite(context.database).queue;
    // A transaction outside any request holds the database until the test opens the gate.
    let open = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    let holding = false;
    const held = context.database.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      holding = true;
      await gate;
    });
    await until(() => holding);

    const order: string[] = [];
    const send = (label: string, url: string) =>
      request(context.app, { method: 'GET', url, token: admin.token }).then((response) => {
        order.push(label);
        return response;
      });
    const heavy = [1, 2, 3, 4, 5].map((n) =>
      send(`Cobranza ${n}`, '/api/v1/collections?tab=today&page=1&size=20'),
    );
    await until(() => queue.waiting === 5);
    const light = send('own user', `/api/v1/users/${admin.id}`);
    await until(() => queue.waiting === 6);
    open();
    const responses = await Promise.all([held, light, ...heavy]);
    for (const response of responses.slice(1)) expect(response?.statusCode).toBe(200);
    // The user's line has used less of the database than Cobranza's, so its statements go first
    // (the first Cobranza, ahead of it from the start, may still end before); first come, first
    // served it would have ended last.
    expect(order.indexOf('own user')).toBeLessThanOrEqual(1);
    expect(order.filter((label) => label !== 'own user')).toEqual(
      [1, 2, 3, 4, 5].map((n) => `Cobranza ${n}`),
    );
  });

  it('keeps SQLSTATE fields and transactions as PGlite gives them', async () => {
    const failure = await context.database.db.execute(sql`select 1 / 0`).catch((error: unknown) => error);
    expect((failure as { cause?: { code?: string } }).cause?.code).toBe('22012');
    await context.database.db.execute(sql`create temporary table if not exists t_thread (n int primary key)`);
    await context.database.db.execute(sql`delete from t_thread`);
    const refused = await context.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`insert into t_thread values (1)`);
        await tx.execute(sql`insert into t_thread values (1)`);
      })
      .catch((error: unknown) => error);
    expect((refused as { cause?: { code?: string; constraint?: string } }).cause).toMatchObject({
      code: '23505',
      constraint: 't_thread_pkey',
    });
    const [row] = rowsOf<{ n: number }>(
      await context.database.db.execute(sql`select count(*)::int as n from t_thread`),
    );
    expect(row?.n).toBe(0);
  });
});
