import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { SERVER_ROOT } from '../paths.ts';
import { PgliteQueue } from './pglite-queue.ts';

/** src/ and the bundle (dist/) sit side by side under SERVER_ROOT; the worker always loads from src/. */
const WORKER_FILE = join(SERVER_ROOT, 'src/db/pglite-worker.mjs');

export interface PgliteThreadOptions {
  dataDir: string;
  startParams: string[];
  loadDataDir?: Blob;
}

type Reply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: WorkerError };
type WorkerError = { message: string; name?: string; stack?: string; props: Record<string, unknown> };

/** Admin shutdown: db/unavailable.ts answers 503 (refusal 'database.unavailable') for it. */
const STOPPED_SQLSTATE = '57P01';

function errorOf(error: WorkerError): Error {
  const rebuilt = Object.assign(new Error(error.message), error.props);
  if (error.name) rebuilt.name = error.name;
  if (error.stack) rebuilt.stack = error.stack;
  return rebuilt;
}

/**
 * drizzle-orm passes parsers (functions, which cannot cross threads) for a few types it keeps as text:
 * the worker returns those columns unparsed and they are parsed here, with the caller's functions.
 */
function splitParsers(options: QueryOptions | undefined) {
  if (!options) return { options: undefined, parsers: undefined };
  const { parsers, serializers: _functions, onNotice: _callback, ...rest } = options;
  if (!parsers) return { options: rest, parsers: undefined };
  return { options: { ...rest, rawOids: Object.keys(parsers).map(Number) }, parsers };
}

function applyParsers<T>(result: Results<T>, parsers: QueryOptions['parsers'], rowMode: string | undefined) {
  if (!parsers) return result;
  result.fields.forEach((field, index) => {
    const parse = parsers[field.dataTypeID];
    if (!parse) return;
    const at: string | number = rowMode === 'array' ? index : field.name;
    for (const row of result.rows as Record<string | number, unknown>[]) {
      const value = row[at];
      if (typeof value === 'string') row[at] = parse(value);
    }
  });
  return result;
}

/**
 * PGlite on its own thread (pglite-worker.mjs), behind the queue of pglite-queue.ts: the part
 * of PGlite's client that drizzle-orm/pglite and the app use (query, exec, transaction, the raw
 * protocol and pg_dump for backups, dumpDataDir, close), each call a message to the worker. The event
 * loop stays free while a statement runs, so /health, static files and requests already answered
 * from memory are not held up by the database's work.
 */
export class PgliteThread {
  readonly queue = new PgliteQueue();
  readonly #worker: Worker;
  readonly #pending = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();
  #nextId = 1;
  #nextTx = 1;
  #stopped: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (reply: Reply) => this.#settle(reply));
    worker.on('error', (error) => this.#stop(error));
    worker.on('exit', (code) => this.#stop(new Error(`the embedded database's thread exited (${code})`)));
    // Idle, the thread must not keep a command's process alive; a call in flight refs it again.
    worker.unref();
  }

  static async start(options: PgliteThreadOptions): Promise<PgliteThread> {
    const worker = new Worker(WORKER_FILE, { workerData: options });
    const started = await new Promise<{ ready: boolean; error?: WorkerError }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    }).catch(async (error: unknown) => {
      await worker.terminate();
      throw error;
    });
    if (!started.ready) {
      await worker.terminate();
      throw errorOf(started.error ?? { message: 'PGlite did not start', props: {} });
    }
    return new PgliteThread(worker);
  }

  #settle(reply: Reply) {
    const waiter = this.#pending.get(reply.id);
    if (!waiter) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) waiter.resolve(reply.value);
    else waiter.reject(errorOf(reply.error));
  }

  #stop(cause: Error) {
    if (this.#stopped) return;
    this.#stopped = Object.assign(new Error(`La base de datos embebida se detuvo: ${cause.message}`), {
      code: STOPPED_SQLSTATE,
      cause,
    });
    for (const waiter of this.#pending.values()) waiter.reject(this.#stopped);
    this.#pending.clear();
  }

  #call<T>(op: string, args: Record<string, unknown> = {}): Promise<T> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#nextId++;
    return new Promise<T>((resolve, reject) => {
      this.#pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      if (this.#pending.size === 1) this.#worker.ref();
      try {
        this.#worker.postMessage({ id, op, ...args });
      } catch (error) {
        // A parameter that cannot be copied to the thread (DataCloneError): this call fails alone.
        this.#settle({ id, ok: false, error: { message: String(error), props: {} } });
      }
    });
  }

  async #query<T>(tx: number | undefined, text: string, params?: unknown[], options?: QueryOptions) {
    const split = splitParsers(options);
    const result = await this.#call<Results<T>>('query', { tx, text, params, options: split.options });
    return applyParsers(result, split.parsers, options?.rowMode);
  }

  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queue.run(() => this.#query<T>(undefined, text, params, options));
  }

  exec(text: string, options?: QueryOptions): Promise<Results[]> {
    return this.queue.run(() => this.#call('exec', { text, options: splitParsers(options).options }));
  }

  /**
   * PGlite's transaction, holding the session for its whole length: the callback's statements go
   * straight to the worker (they carry the transaction's number), any other work waits in the queue.
   */
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.queue.run(async () => {
      const txId = this.#nextTx++;
      await this.#call('begin', { tx: txId });
      let closed = false;
      const open = () => {
        if (closed) throw new Error('Transaction is closed');
      };
      const tx = {
        query: async <R>(text: string, params?: unknown[], options?: QueryOptions) => {
          open();
          return this.#query<R>(txId, text, params, options);
        },
        exec: async (text: string, options?: QueryOptions) => {
          open();
          return this.#call<Results[]>('exec', { tx: txId, text, options: splitParsers(options).options });
        },
        rollback: async () => {
          open();
          await this.#call('rollback', { tx: txId });
          closed = true;
        },
        get closed() {
          return closed;
        },
      } as unknown as Transaction;
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        closed = true;
        await this.#call('end', { tx: txId, commit: false });
        throw error;
      }
      closed = true;
      await this.#call('end', { tx: txId, commit: true });
      return result;
    });
  }

  /**
   * Holds the session for `work`, which may then use the raw protocol and pg_dump: what a backup needs
   * so that no request's transaction is open while pg_dump reads (backup/dump.ts).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.queue.run(work);
  }

  /** Within exclusive(): one message of the wire protocol, its backend messages parsed. */
  async execProtocol(message: Uint8Array): Promise<{ messages: unknown[] }> {
    return this.#call('execProtocol', { message });
  }

  /** Within exclusive(): pglite-tools' pg_dump with `args`, its SQL script. */
  pgDump(args: string[], searchPath: string): Promise<string> {
    return this.#call('pgDump', { args, searchPath });
  }

  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    return this.queue.run(() => this.#call('dumpDataDir', { compression }));
  }

  /** Lets the statement or transaction in progress finish, closes PGlite, ends the thread. */
  async close(): Promise<void> {
    if (this.#stopped) return;
    try {
      await this.queue.run(() => this.#call('close'), true);
    } finally {
      this.#stop(new Error('closed'));
      await this.#worker.terminate();
    }
  }
}
