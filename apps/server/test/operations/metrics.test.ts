import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { AppConfig } from '../../src/config.ts';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, testConfig, useTestApp } from '../support/app.ts';
import { jsonPart } from '../support/builders.ts';
import { activeLoan, loanWorld } from '../support/worlds.ts';

const context = useTestApp();

const REMOTE = '203.0.113.9';
const TOKEN = 'metrics-token-0123456789';

const scrape = (app: FastifyInstance, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

/** The value of one sample line, e.g. `prestaya_payments_validating 1`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A second app on the same database with other settings (token, proxy). */
async function withApp(overrides: Partial<AppConfig>, check: (app: FastifyInstance) => Promise<void>) {
  // No load shedding: on a loaded machine the worker's event-loop lag would answer the scrape 503.
  const app = await buildApp({
    config: testConfig(overrides),
    database: context.database,
    logger: false,
    loadShedding: false,
  });
  try {
    await check(app);
  } finally {
    await app.close();
  }
}

describe('GET /metrics', () => {
  it('answers a loopback scraper in the Prometheus text format', async () => {
    await context.app.inject({ method: 'GET', url: '/health' });
    await context.app.inject({
      method: 'GET',
      url: '/api/v1/customers/0190a0b0-0000-7000-8000-000000000000',
    });
    const response = await scrape(context.app);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    // Labelled by the route pattern, never the raw URL.
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/health",status="200"\} [1-9]/);
    expect(text).toMatch(
      /http_requests_total\{method="GET",route="\/api\/v1\/customers\/:id",status="401"\} 1/,
    );
    expect(text).not.toContain('0190a0b0');
    expect(text).toMatch(/http_request_duration_seconds_bucket\{le="0.1",method="GET",route="\/health"/);
    for (const name of [
      'prestaya_database_up',
      'prestaya_payments_validating',
      'prestaya_accrual_last_run_timestamp_seconds',
      'prestaya_accrual_last_run_duration_seconds',
      'prestaya_accrual_last_run_fees_created',
    ]) {
      expect(text).toContain(`# TYPE ${name} gauge`);
    }
    expect(sample(text, 'prestaya_database_up')).toBe(1);
    // PGlite has no pool; on PostgreSQL the pool gauges are there.
    expect(text.includes('prestaya_db_pool_connections{state="idle"}')).toBe(context.database.kind === 'pg');
  });

  it('counts the payments waiting for validation at scrape time', async () => {
    expect(sample((await scrape(context.app)).body, 'prestaya_payments_validating')).toBe(0);
    const world = await loanWorld(context);
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    await paymentsApi(context).registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' }),
    ]);
    expect(sample((await scrape(context.app)).body, 'prestaya_payments_validating')).toBe(1);
  });

  it('reports the last accrual run the scheduler hands it', async () => {
    const finishedAt = new Date('2025-03-04T06:05:02.500Z');
    context.app.recordAccrualRun({
      finishedAt,
      durationMs: 1250,
      result: { status: 'done', feesCreated: 42, installmentsDelayed: 3, loansUpdated: 2 },
    });
    const text = (await scrape(context.app)).body;
    expect(sample(text, 'prestaya_accrual_last_run_timestamp_seconds')).toBe(finishedAt.getTime() / 1000);
    expect(sample(text, 'prestaya_accrual_last_run_duration_seconds')).toBe(1.25);
    expect(sample(text, 'prestaya_accrual_last_run_fees_created')).toBe(42);
  });

  it('is a 404 problem for a client that is neither loopback nor holding METRICS_TOKEN', async () => {
    expectProblem(await scrape(context.app, REMOTE), 404, 'Recurso no encontrado');
    // Without METRICS_TOKEN configured no bearer token opens it.
    expectProblem(await scrape(context.app, REMOTE, { authorization: `Bearer ${TOKEN}` }), 404);
  });

  it('answers a remote scraper holding METRICS_TOKEN, and no other token', async () => {
    await withApp({ metricsToken: TOKEN }, async (app) => {
      const allowed = await scrape(app, REMOTE, { authorization: `Bearer ${TOKEN}` });
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain('http_requests_total');
      expectProblem(await scrape(app, REMOTE, { authorization: `Bearer ${TOKEN}x` }), 404);
      expectProblem(await scrape(app, REMOTE, { authorization: 'Bearer corto' }), 404);
      expectProblem(await scrape(app, REMOTE), 404);
      expect((await scrape(app)).statusCode).toBe(200);
    });
  });

  it('behind a trusted proxy, a forwarded remote client is not loopback', async () => {
    await withApp({ trustProxy: true }, async (app) => {
      expectProblem(await scrape(app, '127.0.0.1', { 'x-forwarded-for': REMOTE }), 404);
      expectProblem(await scrape(app, '127.0.0.1', { 'x-forwarded-for': `127.0.0.1, ${REMOTE}` }), 404);
      expect((await scrape(app, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
      expect((await scrape(app, '127.0.0.1')).statusCode).toBe(200);
    });
  });

  it('is left out of the OpenAPI document', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
    expect(Object.keys(document.paths)).toContain('/health/ready');
  });
});
