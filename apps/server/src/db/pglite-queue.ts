import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
// Node's own, not the global one a test's fake timers replace: the hand-over must happen.
import { setImmediate } from 'node:timers';
import type { PGlite } from '@electric-sql/pglite';

/** Who is asking the embedded database: a request of one route (plugins/database.ts sets it). */
export interface DbCaller {
  /** The route pattern and method, e.g. 'GET /api/v1/collections'. */
  route: string;
  /** performance.now() when the request arrived. */
  arrivedAt: number;
}

export const dbCaller = new AsyncLocalStorage<DbCaller>();

/** The line of work outside any request: start-up, jobs, commands. */
export const BACKGROUND = '(background)';

/**
 * The database's time per turn of the event loop before the sockets are read again: a heavy
 * statement uses it up alone (the next one waits a turn), a run of 1 ms statements goes on.
 */
export const TURN_BUDGET_MS = 10;

interface Ticket {
  line: string;
  arrivedAt: number;
  seq: number;
  /** After every other piece of work waiting (closing the database). */
  last: boolean;
}

interface Waiting extends Ticket {
  start: () => void;
}

/**
 * The one session of PGlite, handed to one piece of work at a time: a statement, or a transaction for
 * its whole length. PGlite's own lock is first come, first served; fifty heavy reads queued ahead of a
 * light request's primary-key read would make it wait for all of them. Here waiting work stands in
 * one line per route (work outside a request in a line of its own), and the lines share the
 * database's time fairly (start-time fair queueing): the next piece of work comes from the line that
 * has used the least time since it last had to wait. A route of 1 ms statements goes ahead of one of
 * 40 ms statements, so a light request waits for the statement in progress, not for the heavy
 * requests queued before it; a busy light route still cannot starve a heavy one, which gets its equal
 * share; within a line requests keep their arrival order (a started request finishes before a newer
 * one of its route goes on).
 *
 * PGlite runs each statement synchronously on the event loop. Left alone, one turn of the loop runs
 * every request whose socket became readable, each to its end, statements included: a request that
 * arrives meanwhile (even `/health`, which never touches the database) waits for all of them, and is
 * not in a line yet when the next piece of work is chosen. So the database gets a budget of time per
 * turn of the event loop (TURN_BUDGET_MS). Past it, the session is handed on at the next turn
 * (setImmediate, after Node has read its sockets), to the best of everything waiting then. Within it,
 * work that would go first anyway starts at once: quiet work (a request at a time, the test suites)
 * as without the queue, and a light request's next statement right after its previous one.
 */
export class PgliteQueue {
  readonly #waiting: Waiting[] = [];
  /** Each line's finish tag: the virtual time at which the time it has used so far ends. */
  readonly #finished = new Map<string, number>();
  /** The virtual time: the start tag of the work holding the session. */
  #virtual = 0;
  /** Whether a piece of work holds the session now. */
  #holding = false;
  #handOverScheduled = false;
  #seq = 0;
  /** The database's time since the event loop last turned (back to 0 at the next setImmediate). */
  #spentThisTurn = 0;
  #newTurnScheduled = false;
  readonly #now: () => number;
  readonly #budget: number;
  readonly #newTurn = () => {
    this.#newTurnScheduled = false;
    this.#spentThisTurn = 0;
  };
  readonly #handOver = () => {
    this.#handOverScheduled = false;
    if (!this.#holding) this.#startNext();
  };

  constructor(options: { now?: () => number; turnBudgetMs?: number } = {}) {
    this.#now = options.now ?? (() => performance.now());
    this.#budget = options.turnBudgetMs ?? TURN_BUDGET_MS;
  }

  /**
   * Runs `work` once the session is free and its line is next, then hands the session on. `last`:
   * once nothing else waits (closing the database after the work queued before it).
   */
  async run<T>(work: () => Promise<T>, options: { last?: boolean } = {}): Promise<T> {
    const caller = dbCaller.getStore();
    const ticket: Ticket = {
      line: caller?.route ?? BACKGROUND,
      arrivedAt: caller?.arrivedAt ?? this.#now(),
      seq: this.#seq++,
      last: options.last ?? false,
    };
    await this.#acquire(ticket);
    const startedAt = this.#now();
    try {
      return await work();
    } finally {
      const spent = this.#now() - startedAt;
      this.#finished.set(ticket.line, this.#virtual + spent);
      this.#spend(spent);
      this.#holding = false;
      if (this.#waiting.length > 0) this.#scheduleHandOver();
    }
  }

  /** Pieces of work waiting for the session (not counting the one holding it). */
  get waiting(): number {
    return this.#waiting.length;
  }

  #acquire(ticket: Ticket): Promise<void> {
    if (
      !this.#holding &&
      this.#spentThisTurn < this.#budget &&
      this.#waiting.every((other) => this.#before(ticket, other))
    ) {
      this.#take(ticket.line);
      return Promise.resolve();
    }
    const started = new Promise<void>((start) => this.#waiting.push({ ...ticket, start }));
    if (!this.#holding) this.#scheduleHandOver();
    return started;
  }

  #take(line: string) {
    this.#holding = true;
    this.#virtual = this.#tag(line);
  }

  /** A line's start tag: where its next piece of work stands in virtual time. */
  #tag(line: string): number {
    return Math.max(this.#virtual, this.#finished.get(line) ?? 0);
  }

  /** Whether `a` goes before `b`: its line's start tag is earlier, or it arrived first. */
  #before(a: Ticket, b: Ticket): boolean {
    if (a.last !== b.last) return b.last;
    if (a.line !== b.line) {
      const tagA = this.#tag(a.line);
      const tagB = this.#tag(b.line);
      if (tagA !== tagB) return tagA < tagB;
    }
    return a.arrivedAt < b.arrivedAt || (a.arrivedAt === b.arrivedAt && a.seq < b.seq);
  }

  #spend(ms: number) {
    this.#spentThisTurn += ms;
    if (this.#newTurnScheduled) return;
    this.#newTurnScheduled = true;
    setImmediate(this.#newTurn);
  }

  #scheduleHandOver() {
    if (this.#handOverScheduled) return;
    this.#handOverScheduled = true;
    setImmediate(this.#handOver);
  }

  #startNext() {
    let best: Waiting | undefined;
    let at = -1;
    this.#waiting.forEach((candidate, i) => {
      if (!best || this.#before(candidate, best)) {
        best = candidate;
        at = i;
      }
    });
    if (!best) return;
    this.#waiting.splice(at, 1);
    this.#take(best.line);
    best.start();
  }
}

/**
 * Puts `queue` in front of an in-process PGlite. Every public entry of PGlite that runs SQL on its
 * session (query, exec, transaction, describeQuery) takes its transaction lock through
 * `_runExclusiveTransaction`, and nothing inside a transaction does (the transaction's own query and
 * exec run under the lock the transaction holds): so waiting here for that lock is waiting for the
 * session, a transaction holds it for its whole length, and its statements cannot deadlock on the
 * queue. drizzle-orm/pglite calls exactly query(text, params, options) and transaction(callback).
 * The raw protocol entries (execProtocol*) take no lock, as before: their one user, the backup,
 * takes this lock itself (backup/dump.ts). PGlite checks that it is open before taking its lock; work
 * that waited here while it closed gets the same error, not a torn-down database. Close it with
 * `closeQueued`.
 */
export function queuePglite(client: PGlite, queue: PgliteQueue): void {
  const exclusive = client._runExclusiveTransaction.bind(client);
  client._runExclusiveTransaction = <T>(fn: () => Promise<T>): Promise<T> =>
    queue.run(() => {
      if (client.closed) throw new Error('PGlite is closed');
      return exclusive(fn);
    });
}

/** Closes a queued PGlite after the work waiting for it, as its own lock did (first come, first served). */
export function closeQueued(client: PGlite, queue: PgliteQueue): Promise<void> {
  return queue.run(() => client.close(), { last: true });
}
