// The embedded database's thread (db/pglite-thread.ts starts it). PGlite runs every statement
// synchronously inside WebAssembly: on the server's own thread a heavy read would hold up every other
// request, /health included. Here it holds up only this thread. Plain JavaScript so that it loads as it
// is under tsx, vitest and the esbuild bundle alike (it imports nothing of the app).
//
// Messages in: { id, op, ...arguments }; out: { id, ok: true, value } or { id, ok: false, error }.
// The main thread sends one unit of work at a time (its queue decides the order), so PGlite's own
// mutexes are never contended here; a transaction's statements carry its `tx` number.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';

/** @type {PGlite} */
let pg;
/** Open transactions by number: PGlite's handle and how to end them. */
const transactions = new Map();
/** Raised inside a transaction's callback to make PGlite roll it back; not an error for the caller. */
const ROLLBACK = Symbol('rollback');

/** PGlite's error with its SQLSTATE fields; functions and nested objects do not cross threads. */
function serializable(error) {
  if (!(error instanceof Error)) return { message: String(error), props: {} };
  const props = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) props[key] = value;
  }
  return { message: error.message, name: error.name, stack: error.stack, props };
}

/** Parsers that keep the text of the types the caller parses itself (db/pglite-thread.ts). */
function rawParsers(oids) {
  if (!oids?.length) return undefined;
  return Object.fromEntries(oids.map((oid) => [oid, (value) => value]));
}

function queryOptions(options) {
  if (!options) return undefined;
  const { rawOids, ...rest } = options;
  const parsers = rawParsers(rawOids);
  return parsers ? { ...rest, parsers } : rest;
}

function target(message) {
  if (message.tx === undefined) return pg;
  const open = transactions.get(message.tx);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

function begin(txId) {
  return new Promise((started, failedToStart) => {
    let end;
    const ended = new Promise((resolve, reject) => {
      end = { resolve, reject };
    });
    const done = pg
      .transaction(async (tx) => {
        transactions.set(txId, { tx, end, done });
        started();
        return ended;
      })
      .catch((error) => {
        if (error !== ROLLBACK) throw error;
      })
      .finally(() => transactions.delete(txId));
    // A failure before the callback ran (BEGIN itself): the caller's begin fails.
    done.catch(failedToStart);
  });
}

async function finish(txId, commit) {
  const open = transactions.get(txId);
  if (!open) throw new Error('Transaction is closed');
  if (commit) open.end.resolve(undefined);
  else open.end.reject(ROLLBACK);
  await open.done;
}

/** pglite-tools' pg_dump drives PGlite's raw protocol synchronously: it has to run on this thread. */
async function dump(args, searchPath) {
  const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
  const raw = async (text) => {
    const body = Buffer.from(`${text}\0`, 'utf8');
    const message = Buffer.alloc(5 + body.length);
    message.write('Q', 0, 'latin1');
    message.writeInt32BE(4 + body.length, 1);
    body.copy(message, 5);
    await pg.execProtocol(message);
  };
  const session = {
    query: async () => ({ rows: [{ search_path: searchPath }] }),
    exec: async (text) => {
      await raw(text);
      return [];
    },
    execProtocolRawStream: pg.execProtocolRawStream.bind(pg),
  };
  const file = await pgDump({ pg: session, args });
  return file.text();
}

const operations = {
  query: (m) => target(m).query(m.text, m.params, queryOptions(m.options)),
  exec: (m) => target(m).exec(m.text, queryOptions(m.options)),
  rollback: (m) => target(m).rollback(),
  begin: (m) => begin(m.tx),
  end: (m) => finish(m.tx, m.commit),
  execProtocol: async (m) => {
    const { messages } = await pg.execProtocol(m.message);
    return { messages };
  },
  pgDump: (m) => dump(m.args, m.searchPath),
  dumpDataDir: async (m) => {
    const file = await pg.dumpDataDir(m.compression);
    return new Blob([file], { type: file.type });
  },
  close: () => pg.close(),
};

async function handle(message) {
  try {
    const operation = operations[message.op];
    if (!operation) throw new Error(`unknown operation ${message.op}`);
    const value = await operation(message);
    parentPort.postMessage({ id: message.id, ok: true, value });
  } catch (error) {
    parentPort.postMessage({ id: message.id, ok: false, error: serializable(error) });
  }
}

try {
  const { dataDir, startParams, loadDataDir } = workerData;
  pg = await PGlite.create(dataDir, {
    extensions: { pg_trgm, unaccent },
    startParams,
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  parentPort.on('message', (message) => void handle(message));
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: serializable(error) });
}
