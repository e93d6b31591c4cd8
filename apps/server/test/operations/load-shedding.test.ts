import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { expectProblem, testConfig } from '../support/app.ts';
import { createTestDatabase } from '../support/database.ts';

/** Keeps the event loop busy, as a burst of CPU-bound work would. */
function blockEventLoop(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('load shedding (event loop saturated)', () => {
  // A test-only threshold: 50 ms of mean delay, sampled every 100 ms.
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let app: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    created = await createTestDatabase();
    app = await buildApp({
      config: testConfig(),
      database: created.database,
      logger: false,
      loadShedding: { maxEventLoopDelayMs: 50, sampleIntervalMs: 100 },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await created?.drop();
  });

  it('answers 503 problem+json in Spanish with Retry-After, then serves again once the loop recovers', async () => {
    await sleep(250);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);

    // Saturated: every turn of the loop spends 100 ms on CPU, so each sample sees ~100 ms of delay.
    for (let turn = 0; turn < 5; turn++) {
      blockEventLoop(100);
      await new Promise((resolve) => setImmediate(resolve));
    }
    const shed = await app.inject({ method: 'GET', url: '/health' });
    expectProblem(shed, 503, 'El servidor está saturado; intente de nuevo en unos segundos');
    expect(shed.headers['retry-after']).toBe('5');

    // Two quiet samples later the server serves again by itself.
    await sleep(300);
    expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).toBe(200);
  });
});
