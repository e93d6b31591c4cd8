import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { isDatabaseUnavailable } from '../../src/db/unavailable.ts';
import { createUserAndLogin, testConfig } from '../support/app.ts';
import { newCustomer } from '../support/builders.ts';
import { type PgCluster, startPgCluster } from './pg-cluster.ts';

/**
 * PostgreSQL stopped and started again under load (docs/reliability.md "Database outages"). The test
 * runs its own cluster (pg-cluster.ts) whatever DATABASE_URL says, and a real listening server on it;
 * a few clients read and create customers throughout, keeping the id of every acknowledged write.
 */
const UNAVAILABLE = 'La base de datos no está disponible; intente de nuevo en unos segundos';
const CLIENTS = 4;
const ANSWER_WITHIN_MS = 2_000;
const RECOVER_WITHIN_MS = 5_000;

interface Reply {
  started: number;
  ended: number;
  write: boolean;
  status: number;
  contentType: string;
  retryAfter: string | null;
  detail: string | undefined;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let cluster: PgCluster;
let database: Database;
let app: FastifyInstance;
let baseUrl: string;
let token: string;

beforeAll(async () => {
  cluster = await startPgCluster();
  database = await openDatabase({ databaseUrl: cluster.url });
  await migrateDatabase(database);
  app = await buildApp({ config: testConfig({ databaseUrl: cluster.url }), database, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('the server is not listening on a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  ({ token } = await createUserAndLogin({ app, database }, { name: 'Carga', lastName: 'Agente' }));
}, 60_000);

/** Waits for `step` at most `ms`: a connection the outage broke must not hold the file's teardown. */
const bounded = (step: Promise<unknown> | undefined, ms: number) =>
  Promise.race([step?.catch(() => undefined), sleep(ms)]);

afterAll(async () => {
  // The load's keep-alive sockets would keep app.close() waiting.
  app?.server.closeAllConnections();
  await bounded(app?.close(), 10_000);
  await bounded(database?.close(), 10_000);
  await cluster?.destroy();
}, 60_000);

/** Clients that read and write until stopped; every reply is kept with its timing. */
function startLoad() {
  const replies: Reply[] = [];
  const acknowledged: string[] = [];
  let running = true;
  const client = async () => {
    for (let turn = 0; running; turn++) {
      const write = turn % 2 === 1;
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}/api/v1/customers${write ? '' : '?size=5'}`, {
          method: write ? 'POST' : 'GET',
          headers: {
            authorization: `Bearer ${token}`,
            ...(write ? { 'content-type': 'application/json' } : {}),
          },
          ...(write ? { body: JSON.stringify(newCustomer()) } : {}),
          // Far past the 2 s limit: a hang shows up as a slow reply, not as a stuck test.
          signal: AbortSignal.timeout(10_000),
        });
        const body = (await response.json()) as { data?: { id: string }; detail?: string };
        if (write && response.status === 201 && body.data) acknowledged.push(body.data.id);
        replies.push({
          started,
          ended: performance.now(),
          write,
          status: response.status,
          contentType: response.headers.get('content-type') ?? '',
          retryAfter: response.headers.get('retry-after'),
          detail: body.detail,
        });
      } catch (error) {
        replies.push({
          started,
          ended: performance.now(),
          write,
          status: 0,
          contentType: '',
          retryAfter: null,
          detail: String(error),
        });
      }
      await sleep(10);
    }
  };
  const clients = Promise.all(Array.from({ length: CLIENTS }, client));
  return {
    replies,
    acknowledged,
    async stop() {
      running = false;
      await clients;
    },
  };
}

const statusOf = async (path: string) => (await fetch(`${baseUrl}${path}`)).status;

describe('PostgreSQL stopped and started again under load', () => {
  it('answers 503 within 2 s while it is down, serves again by itself, loses no acknowledged write', async () => {
    const load = startLoad();
    await sleep(1_000);

    const stopping = performance.now();
    await cluster.stop();
    const stopped = performance.now();
    await sleep(1_000);
    // Liveness stays, readiness reports the database down.
    const health = await statusOf('/health');
    const ready = await statusOf('/health/ready');
    await sleep(1_000);

    const restarting = performance.now();
    await cluster.start();
    const restarted = performance.now();
    let recovered: number | undefined;
    while (recovered === undefined && performance.now() - restarted < RECOVER_WITHIN_MS + 1_000) {
      recovered = load.replies.find(
        (r) => r.started >= restarted && r.status >= 200 && r.status < 300,
      )?.ended;
      await sleep(20);
    }
    await sleep(1_000);
    await load.stop();

    const { replies, acknowledged } = load;
    const during = replies.filter((r) => r.started >= stopped && r.ended <= restarting);
    const after = replies.filter((r) => recovered !== undefined && r.started > recovered);
    const slowest = Math.max(...replies.map((r) => r.ended - r.started));
    console.info(
      `outage: ${replies.length} replies, ${during.length} during the outage; pg_ctl stop ` +
        `${Math.round(stopped - stopping)} ms, start ${Math.round(restarted - restarting)} ms; serving again ` +
        `${recovered === undefined ? 'never' : Math.round(recovered - restarted)} ms after the restart; ` +
        `slowest reply ${Math.round(slowest)} ms; ${acknowledged.length} acknowledged writes`,
    );

    expect(health).toBe(200);
    expect(ready).toBe(503);
    // Every reply, before, during and after: an answer within 2 s, never a 500 or a dropped connection.
    for (const reply of replies) {
      expect(reply.ended - reply.started, JSON.stringify(reply)).toBeLessThan(ANSWER_WITHIN_MS);
      expect([200, 201, 503], JSON.stringify(reply)).toContain(reply.status);
      if (reply.status === 503) {
        expect(reply.contentType).toMatch(/^application\/problem\+json/);
        expect(reply.detail).toBe(UNAVAILABLE);
        expect(reply.retryAfter).toBe('5');
      }
    }
    expect(during.length).toBeGreaterThan(CLIENTS);
    expect(during.every((r) => r.status === 503)).toBe(true);
    expect(recovered, 'no successful reply within 5 s of the restart').toBeDefined();
    expect((recovered ?? Infinity) - restarted).toBeLessThan(RECOVER_WITHIN_MS);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((r) => r.status === 200 || r.status === 201)).toBe(true);

    // Every write the server acknowledged is in the database.
    expect(acknowledged.length).toBeGreaterThan(0);
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: number }>(
        'select count(*)::int as n from customers where id = any($1::uuid[])',
        [acknowledged],
      );
      expect(rows[0]?.n).toBe(acknowledged.length);
    } finally {
      await check.end();
    }
  }, 60_000);

  it('a connection killed between two statements of a transaction fails it, and the process goes on', async () => {
    // The server ends the connection while no query runs on it: node-postgres reports that as an
    // 'error' event of the checked-out client, which would be an uncaught exception without a listener.
    const killer = new pg.Client({ connectionString: cluster.url });
    await killer.connect();
    try {
      const failure = await database.db
        .transaction(async (tx) => {
          const [row] = rowsOf<{ pid: number }>(await tx.execute(sql`select pg_backend_pid() as pid`));
          await killer.query('select pg_terminate_backend($1)', [row?.pid]);
          await sleep(300);
          await tx.execute(sql`select 1`);
        })
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failure), String(failure)).toBe(true);
    } finally {
      await killer.end();
    }
    // The broken connection left the pool; the next query gets a fresh one.
    expect(rowsOf(await database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
    expect(await statusOf('/health/ready')).toBe(200);
  });
});
