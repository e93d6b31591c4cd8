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

/** A clock the work moves: each piece of work takes `ms` of it. */
function testClock() {
  let now = 0;
  return {
    now: () => now,
    take: (ms: number) => {
      now += ms;
    },
  };
}

/** Queues one piece of work of `ms` as `who`, recording when it ran. */
function enqueue(
  queue: PgliteQueue,
  clock: ReturnType<typeof testClock>,
  who: DbCaller | undefined,
  label: string,
  ms: number,
  order: string[],
) {
  const work = async () => {
    order.push(label);
    clock.take(ms);
  };
  return who ? dbCaller.run(who, () => queue.run(work)) : queue.run(work);
}

const COBRANZA = 'GET /api/v1/collections';
const USER = 'GET /api/v1/users/:id';

/** The queue held by a 40 ms Cobranza statement until the test opens the gate. */
function heldQueue() {
  const clock = testClock();
  const queue = new PgliteQueue({ now: clock.now });
  const holding = gate();
  const held = dbCaller.run(caller(COBRANZA, 0), () =>
    queue.run(async () => {
      await holding.opened;
      clock.take(40);
    }),
  );
  return { clock, queue, open: holding.open, held };
}

describe('PgliteQueue: the order in which waiting work gets the embedded database', () => {
  it('a light request waits for the statement in progress, not for the heavy requests queued before it', async () => {
    const { clock, queue, open, held } = heldQueue();
    const order: string[] = [];
    const queued = [
      enqueue(queue, clock, caller(COBRANZA, 1), 'Cobranza 1', 40, order),
      enqueue(queue, clock, caller(COBRANZA, 2), 'Cobranza 2', 40, order),
      enqueue(queue, clock, caller(COBRANZA, 3), 'Cobranza 3', 40, order),
      enqueue(queue, clock, caller(USER, 4), 'session user', 1, order),
      enqueue(queue, clock, caller(USER, 4), 'user', 1, order),
    ];
    expect(queue.waiting).toBe(5);
    open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(['session user', 'user', 'Cobranza 1', 'Cobranza 2', 'Cobranza 3']);
  });

  it("a busy light route cannot starve a heavy one: each line gets an equal share of the database's time", async () => {
    const { clock, queue, open, held } = heldQueue();
    const order: string[] = [];
    const queued = [
      enqueue(queue, clock, caller(COBRANZA, 1), 'Cobranza', 40, order),
      ...Array.from({ length: 60 }, (_, i) => enqueue(queue, clock, caller(USER, 2 + i), 'user', 1, order)),
    ];
    open();
    await Promise.all([held, ...queued]);
    // 40 statements of 1 ms balance the 40 ms Cobranza had; then it is Cobranza's turn.
    expect(order.indexOf('Cobranza')).toBe(40);
  });

  it('within a line, a request that arrived earlier goes first, whenever its statement was queued', async () => {
    const { clock, queue, open, held } = heldQueue();
    const order: string[] = [];
    const queued = [
      enqueue(queue, clock, caller(COBRANZA, 20), 'newer request', 40, order),
      enqueue(queue, clock, caller(COBRANZA, 10), "older request's next statement", 40, order),
    ];
    open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(["older request's next statement", 'newer request']);
  });

  it('work outside a request has a line of its own, served fairly with the routes', async () => {
    const { clock, queue, open, held } = heldQueue();
    const order: string[] = [];
    const queued = [
      enqueue(queue, clock, caller(COBRANZA, -2), 'Cobranza 1', 40, order),
      enqueue(queue, clock, caller(COBRANZA, -1), 'Cobranza 2', 40, order),
      enqueue(queue, clock, undefined, 'job 1', 40, order),
      enqueue(queue, clock, undefined, 'job 2', 40, order),
    ];
    open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(['job 1', 'Cobranza 1', 'job 2', 'Cobranza 2']);
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

  it('closing waits for every piece of work queued before it', async () => {
    const { clock, queue, open, held } = heldQueue();
    const order: string[] = [];
    const queued = [
      enqueue(queue, clock, caller(COBRANZA, 1), 'Cobranza', 40, order),
      queue.run(
        async () => {
          order.push('close');
        },
        { last: true },
      ),
      enqueue(queue, clock, caller(USER, 2), 'user', 1, order),
    ];
    open();
    await Promise.all([held, ...queued]);
    expect(order).toEqual(['user', 'Cobranza', 'close']);
  });

  it('a failing piece of work rejects its caller and hands the session on', async () => {
    const { clock, queue, open, held } = heldQueue();
    const order: string[] = [];
    const failing = dbCaller.run(caller(COBRANZA, 1), () =>
      queue.run(async () => {
        order.push('failing');
        throw new Error('statement failed');
      }),
    );
    const next = enqueue(queue, clock, caller(COBRANZA, 2), 'next', 1, order);
    open();
    await held;
    await expect(failing).rejects.toThrow('statement failed');
    await next;
    expect(order).toEqual(['failing', 'next']);
    expect(queue.waiting).toBe(0);
  });

  it("past the turn's budget, the next piece of work waits until Node has had a turn to read its sockets", async () => {
    const clock = testClock();
    const queue = new PgliteQueue({ now: clock.now, turnBudgetMs: 10 });
    const order: string[] = [];
    await enqueue(queue, clock, caller(COBRANZA, 0), 'heavy', 40, order);
    // A socket read, as Node would run it at its next turn; the work asked for after it in this turn
    // still waits for it.
    setImmediate(() => order.push('turn'));
    await enqueue(queue, clock, caller(COBRANZA, 1), 'next', 40, order);
    expect(order).toEqual(['heavy', 'turn', 'next']);
  });

  it('within the budget, quick work starts at once, without waiting for a turn', async () => {
    const clock = testClock();
    const queue = new PgliteQueue({ now: clock.now, turnBudgetMs: 10 });
    const order: string[] = [];
    await enqueue(queue, clock, caller(USER, 0), 'first', 1, order);
    setImmediate(() => order.push('turn'));
    await enqueue(queue, clock, caller(USER, 0), 'second', 1, order);
    order.push('answered');
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['first', 'second', 'answered', 'turn']);
  });
});
