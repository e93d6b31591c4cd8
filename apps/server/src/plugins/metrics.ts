import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { problemBody, sendProblem } from '../http/problems.ts';
import type { AccrualRun } from '../jobs/scheduler.ts';
import { NOT_FOUND_DETAIL } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** server.ts hands the accrual scheduler's runs here; GET /metrics reports the last one. */
    recordAccrualRun(run: AccrualRun): void;
  }
}

export interface MetricsOptions {
  database: Database;
  /** Unset: only loopback clients may read /metrics. */
  token: string | undefined;
  trustProxy: boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * A scraper on this machine, or one holding METRICS_TOKEN. Behind a trusted proxy the socket is the
 * proxy's (often loopback), so every forwarded address must be loopback too: a remote client sent on
 * by a local proxy is not local.
 */
function mayRead(request: FastifyRequest, tokenDigest: Buffer | undefined, trustProxy: boolean): boolean {
  const header = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
  if (tokenDigest && header) {
    return timingSafeEqual(createHash('sha256').update(header).digest(), tokenDigest);
  }
  const socketAddress = request.socket.remoteAddress ?? '';
  if (!LOOPBACK.has(socketAddress)) return false;
  return !trustProxy || request.ips === undefined || request.ips.every((ip) => LOOPBACK.has(ip));
}

/**
 * GET /metrics in the Prometheus text format: requests and their latency per route pattern, the
 * PostgreSQL pool, the last fee accrual this server ran, payments waiting for validation and whether
 * the database answers. One Registry per app: tests build many apps in one process, and prom-client's
 * global registry would refuse the second app's metrics.
 */
async function metrics(app: FastifyInstance, options: MetricsOptions) {
  const registry = new Registry();
  const tokenDigest = options.token ? createHash('sha256').update(options.token).digest() : undefined;

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The pattern, never the raw URL: ids would make a series per record.
    const labels = {
      method: request.method,
      route: request.routeOptions.url ?? 'unmatched',
      status: String(reply.statusCode),
    };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const { database } = options;
  if (database.kind === 'pg') {
    const pool = database.client;
    new Gauge({
      name: 'prestaya_db_pool_connections',
      help: 'PostgreSQL pool: connections open (total), idle, and requests waiting for one (waiting)',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }

  // One query per scrape serves two gauges: its count, and whether it answered at all.
  const countValidating = async (): Promise<number | undefined> => {
    try {
      const [row] = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from payments where status = 'VALIDATING'`),
      );
      return row?.n ?? 0;
    } catch {
      return undefined;
    }
  };
  let probe: Promise<number | undefined> = Promise.resolve(undefined);
  new Gauge({
    name: 'prestaya_payments_validating',
    help: 'Payments registered and waiting for an administrator to confirm or reject them',
    registers: [registry],
    async collect() {
      const count = await probe;
      // During an outage the last known count stays; prestaya_database_up says it is stale.
      if (count !== undefined) this.set(count);
    },
  });
  new Gauge({
    name: 'prestaya_database_up',
    help: '1 when the database answered the last scrape, 0 when it did not',
    registers: [registry],
    async collect() {
      this.set((await probe) === undefined ? 0 : 1);
    },
  });

  const accrualFinished = new Gauge({
    name: 'prestaya_accrual_last_run_timestamp_seconds',
    help: 'When the last fee accrual run by this server finished (Unix time)',
    registers: [registry],
  });
  const accrualDuration = new Gauge({
    name: 'prestaya_accrual_last_run_duration_seconds',
    help: 'How long the last fee accrual run by this server took',
    registers: [registry],
  });
  const accrualFees = new Gauge({
    name: 'prestaya_accrual_last_run_fees_created',
    help: 'Late fees created by the last fee accrual run by this server',
    registers: [registry],
  });
  app.decorate('recordAccrualRun', (run: AccrualRun) => {
    accrualFinished.set(run.finishedAt.getTime() / 1000);
    accrualDuration.set(run.durationMs / 1000);
    accrualFees.set(run.result.feesCreated);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(request, tokenDigest, options.trustProxy)) {
      // The same 404 as an unknown path: the endpoint is not advertised to whoever may not read it.
      return sendProblem(reply, problemBody(404, NOT_FOUND_DETAIL));
    }
    probe = countValidating();
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}

export const metricsPlugin = fp(metrics, { name: 'prestaya-metrics' });
