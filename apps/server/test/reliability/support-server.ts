import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll } from 'vitest';
import { buildServer } from '../../../../scripts/build-server.mjs';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { multipart, type Part } from '../support/builders.ts';
import { fromPgliteTemplate, scratchPostgresDatabase } from '../support/database.ts';

/**
 * The real server as `npm start` runs it once the web app is built (the esbuild bundle of
 * scripts/build-server.mjs, rebuilt when a source is newer) as a child process on a PostgreSQL database
 * of its own, for the crash and two-instance tests. Only with DATABASE_URL (the server to create the
 * scratch databases on). The bundle starts with about 1.5 s less CPU than the sources through tsx.
 */

const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');

export const ADMIN = { username: 'admin@prestaya.mx', password: 'secreto-fiable-1' };
/** Shared by every server of a test, as several servers on one PostgreSQL must (README). */
export const JWT_SECRET = randomBytes(48).toString('base64url');

/**
 * A fresh database `reliability_<random>` on DATABASE_URL's server (or `adminUrl`'s); drop() removes it
 * (forcibly).
 */
export async function scratchDatabase(
  adminUrl = process.env.DATABASE_URL,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  if (!adminUrl) throw new Error('DATABASE_URL is required');
  return scratchPostgresDatabase(adminUrl, 'reliability');
}

/** The test's own connection to a scratch database (to check invariants with the server down). */
export const openScratch = (url: string): Promise<Database> => openDatabase({ databaseUrl: url });

/**
 * The scratch database of a describe block. open() creates it and the test's own connection to it
 * (named `applicationName`, so that it can be told apart from the servers' in pg_stat_activity);
 * afterAll SIGKILLs every server still running, drops the database and removes temporary directories,
 * so a failed test leaves nothing behind.
 */
export function useScratchDatabase() {
  let drop: (() => Promise<void>) | undefined;
  let database: Database | undefined;
  afterAll(async () => {
    await killAllServers();
    await database?.close();
    await drop?.();
    removeTemporaryDirectories();
  });
  return {
    async open(applicationName?: string): Promise<{ url: string; database: Database }> {
      const scratch = await scratchDatabase();
      drop = scratch.drop;
      const own = new URL(scratch.url);
      if (applicationName) own.searchParams.set('application_name', applicationName);
      database = await openScratch(own.toString());
      return { url: scratch.url, database };
    },
  };
}

/** A temporary directory, removed by removeTemporaryDirectories(). */
const temporary: string[] = [];
export function temporaryDirectory(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `prestaya-${prefix}-`));
  temporary.push(dir);
  return dir;
}
/**
 * A temporary DATA_DIR whose PGlite database (DATA_DIR/db) is already the suite's migrated template, so
 * the server started on it skips initdb and the migrations.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dir = temporaryDirectory(prefix);
  const database = await openDatabase({ dataDir: join(dir, 'db'), ...fromPgliteTemplate() });
  await database.close();
  return dir;
}

export function removeTemporaryDirectories() {
  for (const dir of temporary.splice(0)) rmSync(dir, { recursive: true, force: true });
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

export type LogLine = Record<string, unknown> & { msg?: string };

export interface ServerProcess {
  url: string;
  pid: number;
  /** Parsed pino lines other than per-request ones. */
  logs: LogLine[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends `signal` and waits for the process to end. */
  kill(signal: NodeJS.Signals): Promise<void>;
  /** Waits (up to `timeoutMs`) for a log line matching `match`. */
  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine>;
}

const running = new Set<ChildProcess>();

/** SIGKILLs every server still running (afterAll of each file, so a failed test leaves nothing behind). */
export async function killAllServers() {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGKILL');
        }),
    ),
  );
  running.clear();
}

/**
 * Starts the server on `databaseUrl` and resolves once GET /health answers 200. A fresh DATA_DIR per
 * process (nothing on disk is shared: the token secret comes from JWT_SECRET, every other shared state
 * from the database) and WEB_DIST pointing to an empty directory (the server then serves the API only).
 */
export async function startServer(options: {
  databaseUrl: string;
  logLevel?: 'info' | 'warn';
  env?: Record<string, string>;
}): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: temporaryDirectory('reliability-data'),
    WEB_DIST: temporaryDirectory('reliability-web'),
    JWT_SECRET,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: options.logLevel ?? 'warn',
    LOGIN_RATE_LIMIT_MAX: '10000',
    // The workloads send many registrations of one user at once on purpose (the bound on uploads in
    // flight has its own test).
    UPLOADS_IN_FLIGHT: '256',
    UPLOADS_IN_FLIGHT_PER_CLIENT: '100',
    TZ_BUSINESS: 'America/Mexico_City',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--enable-source-maps', await buildServer()], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const logs: LogLine[] = [];
  const listeners = new Set<() => void>();
  let stderr = '';
  let pending = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      try {
        const parsed = JSON.parse(line) as LogLine;
        if (parsed.msg !== 'incoming request' && parsed.msg !== 'request completed') logs.push(parsed);
      } catch {
        logs.push({ msg: line });
      }
    }
    for (const listener of listeners) listener();
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      done({ code, signal });
    });
  });
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void exited.then((value) => {
    exit = value;
  });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (exit) throw new Error(`the server exited (${JSON.stringify(exit)}) before answering:\n${stderr}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /health within 90 s:\n${stderr}`);
    }
    try {
      const response = await fetch(`${url}/health`);
      if (response.status === 200) break;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }

  return {
    url,
    pid: child.pid ?? -1,
    logs,
    exited,
    async kill(signal) {
      if (!exit) child.kill(signal);
      await exited;
    },
    waitForLog(match, timeoutMs = 30_000) {
      return new Promise((done, fail) => {
        const check = () => {
          const found = logs.find(match);
          if (!found) return false;
          listeners.delete(check);
          clearTimeout(timer);
          done(found);
          return true;
        };
        const timer = setTimeout(() => {
          listeners.delete(check);
          fail(new Error(`no matching log line within ${timeoutMs} ms; lines: ${JSON.stringify(logs)}`));
        }, timeoutMs);
        if (!check()) listeners.add(check);
      });
    },
  };
}

export interface HttpReply {
  status: number;
  body: { status?: string; data?: unknown; detail?: string; [key: string]: unknown };
}

/** JSON and multipart calls to a running server with fetch; network failures reject (a crash shows). */
export function http(baseUrl: string) {
  async function send(path: string, init: RequestInit): Promise<HttpReply> {
    const response = await fetch(`${baseUrl}${path}`, init);
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : {} };
  }
  const auth = (token?: string): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {};
  return {
    json(method: string, path: string, options: { token?: string; body?: unknown } = {}) {
      return send(path, {
        method,
        headers: {
          ...auth(options.token),
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
      });
    },
    multipart(path: string, parts: Part[], headers: Record<string, string> = {}) {
      const form = multipart(parts);
      return send(path, {
        method: 'POST',
        headers: { ...form.headers, ...headers },
        body: new Uint8Array(form.payload),
      });
    },
    async login(username = ADMIN.username, password = ADMIN.password): Promise<string> {
      const reply = await send('/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username, password }),
      });
      if (reply.status !== 200) throw new Error(`login ${reply.status}: ${JSON.stringify(reply.body)}`);
      return reply.body.access_token as string;
    },
  };
}
export type Http = ReturnType<typeof http>;
