import { describe, expect, it } from 'vitest';
import { type DbCaller, dbCaller, PgliteQueue } from '../../src/db/pglite-queue.ts';

/** A gate the test opens: work holding the queue until then. */
function gate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

const caller = (route: string, arrivedAt: number): DbCaller => ({ route, arrivedAt });

/** Queues one piece of work as `who`, recording when it ran. */
function enqueue(queue: PgliteQueue, who: DbCaller | undefined, label: string, order: string[]) {
  const work = async () => {
    order.push(label);
  };
  return who ? dbCaller.run(who, () => queue.run(work)) : queue.run(work);
}

const COBRANZA = 'GET /api/v1/collections';
const USER = 'GET /api/v1/users/:id';

describe('PgliteQueue: the order in which waiting work gets the embedded database', () => {
  it('a light request waits for one statement of a busy route, not for every request queued on it', async () => {
    const queue = new PgliteQueue(() => 0);
    const holding = gate();
    const held = dbCaller.run(caller(COBRANZA, 0), () => queue.run(() => holding.opened));
    const order: string[] = [];
    const queued = [
      enqueue(queue, caller(COBRANZA, 1), 'Cobranza 1', order),
      enqueue(queue, caller(COBRANZA, 2), 'Cobranza 2', order),
      enqueue(queue, caller(COBRANZA, 3), 'Cobranza 3', order),
      enqueue(queue, caller(USER, 4), 'user 1', order),
      enqueue(queue, caller(USER, 5), 'user 2', order),
    ];
    expect(queue.waiting).toBe(5);
    holding.open();
    await Promise.all([held, ...queued]);
    // The lines take turns; each keeps its arrival order.
    expect(order).toEqual(['user 1', 'Cobranza 1', 'user 2', 'Cobranza 2', 'Cobranza 3']);
  });

  it('within a line, a request that arrived earlier goes first, whenever its statement was queued', async () => {
    const queue = new PgliteQueue(() => 0);
    const holding = gate();
    const held = queue.run(() => holding.opened);
    const order: string[] = [];
    const queued = [
      enqueue(queue, caller(COBRANZA, 20), 'newer request', order),
      enqueue(queue, caller(COBRANZA, 10), "older request's next statement", order),
    ];
    holding.open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(["older request's next statement", 'newer request']);
  });

  it('work outside a request has a line of its own: it neither starves nor jumps the requests', async () => {
    const queue = new PgliteQueue(() => 0);
    const holding = gate();
    const held = dbCaller.run(caller(COBRANZA, 0), () => queue.run(() => holding.opened));
    const order: string[] = [];
    const queued = [
      enqueue(queue, caller(COBRANZA, 1), 'Cobranza 1', order),
      enqueue(queue, caller(COBRANZA, 2), 'Cobranza 2', order),
      enqueue(queue, undefined, 'job 1', order),
      enqueue(queue, undefined, 'job 2', order),
    ];
    holding.open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(['job 1', 'Cobranza 1', 'job 2', 'Cobranza 2']);
  });

  it('closing goes ahead of every line, after the work in progress', async () => {
    const queue = new PgliteQueue(() => 0);
    const holding = gate();
    const order: string[] = [];
    const held = queue.run(async () => {
      await holding.opened;
      order.push('in progress');
    });
    const queued = [
      enqueue(queue, caller(USER, 0), 'user', order),
      queue.run(async () => {
        order.push('close');
      }, true),
    ];
    holding.open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(['in progress', 'close', 'user']);
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
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => dbCaller.run(caller(`GET /r${i % 3}`, i), () => queue.run(work))),
    );
    expect(most).toBe(1);
  });
});
