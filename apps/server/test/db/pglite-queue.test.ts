import { describe, expect, it } from 'vitest';
import { type DbCaller, dbCaller, MAX_LAG_MS, PgliteQueue } from '../../src/db/pglite-queue.ts';

/** A gate the test opens: work holding the queue until then. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const caller = (route: string, arrivedAt: number): DbCaller => ({ route, arrivedAt, heldMs: 0 });

/** Queues one piece of work as `who`, recording when it ran. */
function enqueue(queue: PgliteQueue, who: DbCaller | undefined, label: string, order: string[]) {
  const work = async () => {
    order.push(label);
  };
  return who ? dbCaller.run(who, () => queue.run(work)) : queue.run(work);
}

describe('PgliteQueue: the order in which waiting work gets the embedded database', () => {
  it('a light route goes ahead of heavy requests queued before it; each route keeps arrival order', async () => {
    let clock = 0;
    const queue = new PgliteQueue(() => clock);
    queue.learn('GET /api/v1/collections', 20);
    queue.learn('GET /api/v1/users/:id', 1);
    const holding = gate();
    const held = queue.run(() => holding.opened);
    const order: string[] = [];
    const queued = [
      enqueue(queue, caller('GET /api/v1/collections', 1), 'heavy 1', order),
      enqueue(queue, caller('GET /api/v1/collections', 2), 'heavy 2', order),
      enqueue(queue, caller('GET /api/v1/collections', 3), 'heavy 3', order),
      enqueue(queue, caller('GET /api/v1/users/:id', 4), 'light', order),
      enqueue(queue, caller('GET /api/v1/users/:id', 5), 'light 2', order),
    ];
    clock = 6;
    expect(queue.waiting).toBe(5);
    holding.open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(['light', 'light 2', 'heavy 1', 'heavy 2', 'heavy 3']);
  });

  it('a route never seen is served as a light one; work outside a request as the heaviest', async () => {
    const queue = new PgliteQueue(() => 0);
    queue.learn('GET /api/v1/collections', 5);
    queue.learn('GET /api/v1/exports', 60_000);
    const holding = gate();
    const held = queue.run(() => holding.opened);
    const order: string[] = [];
    const queued = [
      enqueue(queue, undefined, 'job', order),
      enqueue(queue, caller('GET /api/v1/exports', 0), 'export', order),
      enqueue(queue, caller('GET /api/v1/collections', 0), 'Cobranza', order),
      enqueue(queue, caller('GET /api/v1/new', 0), 'new route', order),
    ];
    holding.open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(['new route', 'Cobranza', 'job', 'export']);
  });

  it('the lag is capped: heavy work waiting longer than MAX_LAG_MS goes before newer light work', async () => {
    let clock = 0;
    const queue = new PgliteQueue(() => clock);
    queue.learn('GET /api/v1/exports', 60_000);
    queue.learn('GET /api/v1/users/:id', 1);
    const holding = gate();
    const held = queue.run(() => holding.opened);
    const order: string[] = [];
    const heavy = enqueue(queue, caller('GET /api/v1/exports', 0), 'export', order);
    clock = MAX_LAG_MS + 1;
    const light = enqueue(queue, caller('GET /api/v1/users/:id', clock), 'light', order);
    holding.open();
    await Promise.all([held, heavy, light]);
    expect(order).toEqual(['export', 'light']);
  });

  it('one piece of work at a time: a transaction-long holder keeps the others out until it ends', async () => {
    const queue = new PgliteQueue();
    let running = 0;
    let most = 0;
    const work = async () => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setImmediate(resolve));
      running -= 1;
    };
    await Promise.all(Array.from({ length: 20 }, () => queue.run(work)));
    expect(most).toBe(1);
  });

  it('a request learns its route: the database time it held, a running estimate per route', async () => {
    let clock = 0;
    const queue = new PgliteQueue(() => clock);
    const who = caller('GET /api/v1/loans', 0);
    await dbCaller.run(who, () =>
      queue.run(async () => {
        clock += 8;
      }),
    );
    expect(who.heldMs).toBe(8);
    queue.learn(who.route, who.heldMs);
    expect(queue.estimate('GET /api/v1/loans')).toBe(8);
    queue.learn(who.route, 18);
    expect(queue.estimate('GET /api/v1/loans')).toBeGreaterThan(8);
    expect(queue.estimate('GET /api/v1/loans')).toBeLessThan(18);
  });
});
