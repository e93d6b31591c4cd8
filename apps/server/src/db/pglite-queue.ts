import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';

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

interface Waiting {
  line: string;
  arrivedAt: number;
  seq: number;
  start: () => void;
}

/**
 * The one session of PGlite, handed to one piece of work at a time: a statement, or a transaction for
 * its whole length. PGlite's own lock is first come, first served; fifty heavy reads queued ahead of a
 * light request's primary-key read would make it wait for all of them. Here waiting work stands in
 * one line per route (work outside a request in a line of its own), and the lines take turns, the one
 * served least recently first: a light request waits for at most one statement of each other busy
 * route, however many requests of those are queued; no line starves; and within a line requests keep
 * their arrival order (a started request finishes before a newer one of its route goes on).
 */
export class PgliteQueue {
  readonly #waiting: Waiting[] = [];
  /** When each line was last served (a turn counter), to find the one served least recently. */
  readonly #servedAt = new Map<string, number>();
  #turn = 0;
  #busy = false;
  #seq = 0;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /**
   * Runs `work` once the session is free and it is its line's turn, then hands the session on.
   * `first`: ahead of every line (closing the database after the work in progress).
   */
  async run<T>(work: () => Promise<T>, first = false): Promise<T> {
    await this.#acquire(dbCaller.getStore(), first);
    try {
      return await work();
    } finally {
      this.#release();
    }
  }

  /** Pieces of work waiting for the session (not counting the one holding it). */
  get waiting(): number {
    return this.#waiting.length;
  }

  #acquire(caller: DbCaller | undefined, first: boolean): Promise<void> {
    const line = first ? '' : (caller?.route ?? BACKGROUND);
    if (!this.#busy) {
      this.#busy = true;
      this.#servedAt.set(line, this.#turn++);
      return Promise.resolve();
    }
    const arrivedAt = first ? Number.NEGATIVE_INFINITY : (caller?.arrivedAt ?? this.#now());
    return new Promise((start) => this.#waiting.push({ line, arrivedAt, seq: this.#seq++, start }));
  }

  /** Whether `a` goes before `b`: its line was served longer ago, or same line and it arrived first. */
  #before(a: Waiting, b: Waiting): boolean {
    if (a.line !== b.line) {
      const servedA = a.line === '' ? -2 : (this.#servedAt.get(a.line) ?? -1);
      const servedB = b.line === '' ? -2 : (this.#servedAt.get(b.line) ?? -1);
      if (servedA !== servedB) return servedA < servedB;
    }
    return a.arrivedAt < b.arrivedAt || (a.arrivedAt === b.arrivedAt && a.seq < b.seq);
  }

  #release() {
    let best: Waiting | undefined;
    let at = -1;
    this.#waiting.forEach((candidate, i) => {
      if (!best || this.#before(candidate, best)) {
        best = candidate;
        at = i;
      }
    });
    if (!best) {
      this.#busy = false;
      return;
    }
    this.#waiting.splice(at, 1);
    this.#servedAt.set(best.line, this.#turn++);
    best.start();
  }
}
