import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

/**
 * Who is asking the embedded database: a request of one route (plugins/database.ts sets it), from
 * when it arrived, and how long it has held the database so far.
 */
export interface DbCaller {
  /** The route pattern and method, e.g. 'GET /api/v1/collections'. */
  route: string;
  /** performance.now() when the request arrived. */
  arrivedAt: number;
  /** Time this request has held the database, in ms (summed by the queue). */
  heldMs: number;
}

export const dbCaller = new AsyncLocalStorage<DbCaller>();

/**
 * How much later than it arrived a request is served for each millisecond of database time its route
 * usually takes: a route of 1 ms goes ahead of one of 20 ms that has waited less than 19 s.
 */
export const LAG_PER_DB_MS = 1000;
/**
 * The most any request is held back: work queued longer than this goes before all work that arrived
 * since, so a heavy request is late under load but never starved by a stream of light ones.
 */
export const MAX_LAG_MS = 10_000;
/** Weight of a new request's time in its route's running estimate. */
const LEARNING_RATE = 0.2;

interface Waiting {
  key: number;
  seq: number;
  start: () => void;
}

/**
 * The one session of PGlite, handed to one piece of work at a time: a statement, or a transaction for
 * its whole length. PGlite's own lock is first come, first served; fifty heavy reads queued ahead of a
 * light request's primary-key read would make it wait for all of them. Here waiting work is ordered
 * by `arrival + lag`, the lag growing with the database time the caller's route usually takes (learnt
 * per route while serving): a light request goes ahead of the heavy ones queued, the requests of one
 * route keep their arrival order (a started request finishes before a newer one goes on), and the lag
 * is capped so nothing waits forever. Work outside a request (start-up, jobs, commands) gets the
 * largest lag.
 */
export class PgliteQueue {
  readonly #estimates = new Map<string, number>();
  readonly #waiting: Waiting[] = [];
  #busy = false;
  #seq = 0;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /** The route's usual database time per request (ms), 0 until one request of it has finished. */
  estimate(route: string): number {
    return this.#estimates.get(route) ?? 0;
  }

  /** A request of `route` finished having held the database `heldMs`. */
  learn(route: string, heldMs: number) {
    const previous = this.#estimates.get(route);
    this.#estimates.set(
      route,
      previous === undefined ? heldMs : previous + LEARNING_RATE * (heldMs - previous),
    );
  }

  /** Where work of `caller` (none: outside a request) goes in the line. */
  keyOf(caller: DbCaller | undefined): number {
    if (!caller) return this.#now() + MAX_LAG_MS;
    return caller.arrivedAt + Math.min(MAX_LAG_MS, LAG_PER_DB_MS * this.estimate(caller.route));
  }

  /** Runs `work` once the session is free and nothing waiting has a smaller key; then hands it on. */
  async run<T>(work: () => Promise<T>, key = this.keyOf(dbCaller.getStore())): Promise<T> {
    await this.#acquire(key);
    const caller = dbCaller.getStore();
    const startedAt = this.#now();
    try {
      return await work();
    } finally {
      if (caller) caller.heldMs += this.#now() - startedAt;
      this.#release();
    }
  }

  /** Pieces of work waiting for the session (not counting the one holding it). */
  get waiting(): number {
    return this.#waiting.length;
  }

  #acquire(key: number): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      return Promise.resolve();
    }
    return new Promise((start) => this.#waiting.push({ key, seq: this.#seq++, start }));
  }

  #release() {
    let best = -1;
    for (let i = 0; i < this.#waiting.length; i++) {
      const candidate = this.#waiting[i] as Waiting;
      const chosen = this.#waiting[best];
      if (
        !chosen ||
        candidate.key < chosen.key ||
        (candidate.key === chosen.key && candidate.seq < chosen.seq)
      )
        best = i;
    }
    if (best < 0) {
      this.#busy = false;
      return;
    }
    const [next] = this.#waiting.splice(best, 1);
    next?.start();
  }
}
