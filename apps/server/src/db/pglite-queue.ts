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
 * one line per route (work outside a request in a line of its own), and the lines share the
 * database's time fairly (start-time fair queueing): the next piece of work comes from the line that
 * has used the least time since it last had to wait. A route of 1 ms statements goes ahead of one of
 * 40 ms statements, so a light request waits for the statement in progress, not for the heavy
 * requests queued before it; a busy light route still cannot starve a heavy one, which gets its equal
 * share; within a line requests keep their arrival order (a started request finishes before a newer
 * one of its route goes on).
 */
export class PgliteQueue {
  readonly #waiting: Waiting[] = [];
  /** Each line's finish tag: the virtual time at which the time it has used so far ends. */
  readonly #finished = new Map<string, number>();
  /** The virtual time: the start tag of the work holding the session. */
  #virtual = 0;
  #busy = false;
  #seq = 0;
  readonly #now: () => number;

  constructor(now: () => number = () => performance.now()) {
    this.#now = now;
  }

  /**
   * Runs `work` once the session is free and its line is next, then hands the session on.
   * `first`: ahead of every line (closing the database after the work in progress).
   */
  async run<T>(work: () => Promise<T>, first = false): Promise<T> {
    const line = first ? '' : (dbCaller.getStore()?.route ?? BACKGROUND);
    await this.#acquire(line, first);
    const startedAt = this.#now();
    try {
      return await work();
    } finally {
      if (!first) this.#finished.set(line, this.#virtual + (this.#now() - startedAt));
      this.#release();
    }
  }

  /** Pieces of work waiting for the session (not counting the one holding it). */
  get waiting(): number {
    return this.#waiting.length;
  }

  /** A line's start tag: where its next piece of work stands in virtual time. */
  #tag(line: string): number {
    return Math.max(this.#virtual, this.#finished.get(line) ?? 0);
  }

  #acquire(line: string, first: boolean): Promise<void> {
    if (!this.#busy) {
      this.#busy = true;
      if (!first) this.#virtual = this.#tag(line);
      return Promise.resolve();
    }
    const arrivedAt = first ? Number.NEGATIVE_INFINITY : (dbCaller.getStore()?.arrivedAt ?? this.#now());
    return new Promise((start) => this.#waiting.push({ line, arrivedAt, seq: this.#seq++, start }));
  }

  /** Whether `a` goes before `b`: its line's start tag is earlier, or it arrived first. */
  #before(a: Waiting, b: Waiting): boolean {
    if (a.line !== b.line) {
      const tagA = a.line === '' ? Number.NEGATIVE_INFINITY : this.#tag(a.line);
      const tagB = b.line === '' ? Number.NEGATIVE_INFINITY : this.#tag(b.line);
      if (tagA !== tagB) return tagA < tagB;
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
    if (best.line !== '') this.#virtual = this.#tag(best.line);
    best.start();
  }
}
