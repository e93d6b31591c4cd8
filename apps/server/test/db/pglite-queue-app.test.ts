import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PgliteQueue } from '../../src/db/pglite-queue.ts';
import { request, useAdmin, useTestApp } from '../support/app.ts';
import { rowsOf } from '../support/database.ts';

/** The embedded database's queue (db/pglite-queue.ts); PostgreSQL has its pool instead. */
const onPglite = !process.env.DATABASE_URL;

const context = useTestApp();
const admin = useAdmin(context);

function queueOf(): PgliteQueue {
  const { database } = context;
  if (database.kind !== 'pglite') throw new Error('PGlite only');
  return database.queue;
}

/** Lets Node turn until `count` pieces of work wait for the session (requests reach their statements). */
async function untilWaiting(queue: PgliteQueue, count: number) {
  for (let turns = 0; queue.waiting < count; turns++) {
    if (turns > 10_000) throw new Error(`${queue.waiting} pieces of work waiting, not ${count}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * A transaction outside any request (a job's) holding the session until `release` is called; `log`
 * hears when its last statement has run.
 */
function holdSession(log: string[] = []) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const done = context.database.db.transaction(async (tx) => {
    await tx.execute(sql`select 1`);
    holding();
    await released;
    // Statements of the transaction after the wait: they run under the session it holds.
    await tx.execute(sql`select 2`);
    log.push('transaction ends');
  });
  return { held, release, done };
}

describe.skipIf(!onPglite)('PGlite behind its queue, in the app', () => {
  it("a light request's statements go ahead of the heavy requests queued before it", async () => {
    const queue = queueOf();
    const session = holdSession();
    await session.held;
    const finished: string[] = [];
    const heavy = Array.from({ length: 4 }, (_, i) =>
      request(context.app, {
        method: 'GET',
        url: '/api/v1/collections?tab=today&page=1&size=20',
        token: admin.token,
      }).then((reply) => {
        expect(reply.statusCode, reply.body).toBe(200);
        finished.push(`Cobranza ${i + 1}`);
      }),
    );
    await untilWaiting(queue, heavy.length);
    const light = request(context.app, {
      method: 'GET',
      url: `/api/v1/users/${admin.id}`,
      token: admin.token,
    }).then((reply) => {
      expect(reply.statusCode, reply.body).toBe(200);
      finished.push('user');
    });
    await untilWaiting(queue, heavy.length + 1);
    session.release();
    await Promise.all([session.done, light, ...heavy]);
    // First come, first served (PGlite's own lock) would answer it last, after every Cobranza page.
    expect(finished.indexOf('user')).toBeLessThanOrEqual(1);
  });

  it('a transaction holds the session for its whole length; a failing statement or transaction lets it go', async () => {
    const queue = queueOf();
    const { db } = context.database;
    const order: string[] = [];
    const session = holdSession(order);
    await session.held;
    const outside = db.execute(sql`select 3`).then(() => order.push('statement outside'));
    // drizzle runs a statement when it is awaited (then), a transaction when it is called.
    const failing = db.execute(sql`select 1 / 0`).then(
      () => 'answered',
      (error: Error) => String(error.cause),
    );
    const failingTransaction = db.transaction(async (tx) => {
      await tx.execute(sql`select 4`);
      throw new Error('rolled back');
    });
    await untilWaiting(queue, 3);
    session.release();
    await session.done;
    await outside;
    expect(await failing).toMatch(/division by zero/);
    await expect(failingTransaction).rejects.toThrow('rolled back');
    expect(order).toEqual(['transaction ends', 'statement outside']);
    expect(rowsOf(await db.execute(sql`select 5 as n`))).toEqual([{ n: 5 }]);
    expect(queue.waiting).toBe(0);
  });
});
