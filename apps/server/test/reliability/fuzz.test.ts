import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { expectProblem } from '../support/app.ts';
import { filesUnder } from '../support/builders.ts';
import { lookupProofHeader } from '../support/public-api.ts';
import { TimeLimitError, withinTimeLimit } from '../support/time-limit.ts';
import { fuzzBodies } from './fuzz/bodies.ts';
import { boundaryCases, type DateParameters, dateParameters } from './fuzz/dates.ts';
import { databaseDigest, expectRefusedOrServed } from './fuzz/replies.ts';
import { type FuzzRequest, fuzzRequests } from './fuzz/requests.ts';
import { listRoutes } from './route-list.ts';
import { seedWorld, useSeededApp, type World } from './world.ts';

/**
 * Fuzzing: for EVERY route of the app (the router's own list, so new endpoints are
 * fuzzed too), fast-check generates malformed requests — bad UUIDs in the path, hostile query strings,
 * JSON bodies broken in at least one field (wrong types, negative and fractional centavos, huge
 * strings, NUL, RTL, SQL and HTML), bodies that are not JSON, and broken multipart — sent as an
 * administrator, an agent or with a garbage token. Every reply must be:
 *   - never a 5xx;
 *   - a 4xx for every write (POST/PUT/PATCH/DELETE): each generated write is certainly invalid;
 *   - application/problem+json with a Spanish detail and no stack whenever it is a 4xx;
 * and after each route's batch the database is unchanged (a digest of every table's rows, money
 * tables included, and row counts), no upload is left on disk, and `/health` still answers 200.
 * Every date parameter of every route (found in the app's OpenAPI document, fuzz/dates.ts) also gets
 * the boundary dates 0001-01-01, 1999-12-31, 2100-01-01, 9999-12-31, 2023-02-29 and 2024-02-29; the
 * random query strings carry them too. A request that takes more than REQUEST_LIMIT_MS fails, named.
 */
const context = useSeededApp(async (ctx) => {
  const world = await seedWorld(ctx);
  return { ...world };
});
const world = (): World => context.world;

/**
 * About 2,000 random requests in all, spread evenly over the routes, besides the fixed boundary-date
 * cases: enough for every breaker on every route in each run. `npm run test:soak` sends 60,000
 * (FUZZ_REQUESTS=N for any other size).
 */
const TOTAL_REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 2_000);
/** No request may take longer: one client's request must never tie the server up for the others. */
const REQUEST_LIMIT_MS = 2_000;
const tally = { sent: 0, boundary: 0, serverErrors: 0, overLimit: 0, healthChecks: 0 };

const bodies = fuzzBodies(world);
const { BODIES, MULTIPART } = bodies;
const { requestsFor, boundaryRequest, injectOptions } = fuzzRequests(
  world,
  bodies,
  (loanId) => lookupProofHeader(context.app, loanId)['x-lookup-proof'],
);

async function send(route: string, request: FuzzRequest) {
  tally.sent += 1;
  const options = injectOptions(route, request);
  try {
    const what = `${options.method} ${String(options.url).slice(0, 300)} (${request.actor})`;
    const response = await withinTimeLimit(context.app.inject(options), REQUEST_LIMIT_MS, what);
    if (response.statusCode >= 500) tally.serverErrors += 1;
    return response;
  } catch (error) {
    if (error instanceof TimeLimitError) tally.overLimit += 1;
    throw error;
  }
}

/**
 * Every boundary date in every date parameter of the route, as an administrator (past every role
 * check: a refused date must be a 400 naming the field) and as an agent. Returns the failures.
 */
async function boundarySweep(route: string, parameters: DateParameters | undefined): Promise<string[]> {
  const failures: string[] = [];
  for (const boundary of parameters ? boundaryCases(parameters) : []) {
    for (const who of ['admin', 'agent'] as const) {
      const request = boundaryRequest(route, boundary, who);
      const name = `${route} ${JSON.stringify({ ...boundary.query, ...boundary.body })} (${who})`;
      try {
        tally.boundary += 1;
        const response = await send(route, request);
        expectRefusedOrServed(route, response);
        if (boundary.mustRefuse && who === 'admin') {
          const detail = `${name} → ${response.statusCode} ${response.body.slice(0, 300)}`;
          expect(response.statusCode, detail).toBe(400);
          const fields = Object.keys({ ...boundary.query, ...boundary.body });
          expect(
            fields.some((field) => response.json().detail.includes(`${field}:`)),
            detail,
          ).toBe(true);
        }
      } catch (error) {
        failures.push(`${name}: ${String(error instanceof Error ? error.message : error).slice(0, 400)}`);
      }
    }
  }
  return failures;
}

describe('regressions the fuzzer found', () => {
  const asAdmin = (options: InjectOptions) =>
    context.app.inject({ ...options, headers: { authorization: `Bearer ${world().admin.token}` } });

  it('a malformed escape or an over-long parameter in the path is a problem+json, not Fastify JSON', async () => {
    for (const url of ['/api/v1/customers/%', '/public/api/v1/loans/%zz', '/api/docs/static/%E0%A4%A']) {
      expectProblem(await asAdmin({ method: 'GET', url }), 400, 'La dirección solicitada no es válida');
    }
    expectProblem(
      await asAdmin({ method: 'GET', url: `/api/v1/loans/${'x'.repeat(300)}/fees` }),
      414,
      'La URL es demasiado larga',
    );
  });

  it('an amount below one centavo is refused (400), never stored as 0 nor a 500', async () => {
    const customer = await customersApi(context).createOk(world().admin.token, { agentId: world().agent.id });
    const SUB_CENTAVO = /^amount: El monto admite como máximo 2 decimales/;
    for (const amount of [1e-9, 5e-324, 4e-12]) {
      expectProblem(
        await asAdmin({ method: 'POST', url: `/api/v1/customers/${customer.id}/loans`, payload: { amount } }),
        400,
        SUB_CENTAVO,
      );
      expectProblem(
        await asAdmin({ method: 'PUT', url: `/api/v1/loans/${world().pendingLoan.id}`, payload: { amount } }),
        400,
        SUB_CENTAVO,
      );
      // An opening balance may be 0, but 1e-9 is not 0.
      expectProblem(
        await asAdmin({
          method: 'POST',
          url: '/api/v1/bank-accounts',
          payload: { name: 'Caja', bankName: 'Efectivo', customerName: 'Caja', balance: amount },
        }),
        400,
        /^balance: El monto admite como máximo 2 decimales/,
      );
    }
  });
});

describe('fuzzed requests', () => {
  it('cover every route of the app', () => {
    const routes = listRoutes(context.app);
    expect(routes.length).toBeGreaterThan(40);
    // Every date parameter the document names belongs to a route the fuzzer sends to.
    const dated = [...dateParameters(context.app.swagger() as never).keys()];
    expect(dated).toEqual(
      expect.arrayContaining([
        'GET /api/v1/reports/weekly-payments',
        'GET /api/v1/audit',
        'PUT /api/v1/loans/:id',
      ]),
    );
    for (const route of dated) expect(routes).toContain(route);
    // Every write route with a body has a body spec or is fuzzed with non-JSON payloads only.
    for (const route of [...Object.keys(BODIES), ...Object.keys(MULTIPART)]) expect(routes).toContain(route);
  });

  it('never answer 5xx, refuse every write with problem+json, and change nothing', async () => {
    // FUZZ_ROUTES=<regex> narrows a local run to some routes (the full run is the default).
    const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
    const routes = listRoutes(context.app).filter((route) => !only || only.test(route));
    const runs = Math.ceil(TOTAL_REQUESTS / routes.length);
    const dates = dateParameters(context.app.swagger() as never);
    const pending = await context.app.inject({
      method: 'GET',
      url: `/api/v1/loans/${world().activeLoan.id}/pending-payments`,
      headers: { authorization: `Bearer ${world().admin.token}` },
    });
    bodies.setNextInstallment(pending.json().data.scheduledPayments[0].id);
    // Nothing a request receives is ever written under DATA_DIR (proofs go to the database).
    const dataFiles = () => filesUnder(context.dataDir);
    expect(dataFiles(), 'files under DATA_DIR before the first request').toEqual([]);

    // Every route is fuzzed even when an earlier one fails: the report lists all of them.
    const failures: string[] = [];
    for (const route of routes) {
      const before = await databaseDigest(context.database);
      const details = await fc.check(
        fc.asyncProperty(requestsFor(route), async (request) => {
          expectRefusedOrServed(route, await send(route, request));
          // Checked after every request, so that fast-check names (and shrinks) the one that leaks.
          const left = dataFiles();
          for (const file of left) rmSync(join(context.dataDir, file), { force: true });
          expect(left, `${route}: files written under DATA_DIR`).toEqual([]);
        }),
        // FUZZ_SEED (with FUZZ_ROUTES naming the one route) replays a failure the report printed.
        { numRuns: runs, ...(process.env.FUZZ_SEED ? { seed: Number(process.env.FUZZ_SEED) } : {}) },
      );
      if (details.failed) {
        const error =
          details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance;
        failures.push(
          `${route} (seed ${details.seed}, path ${details.counterexamplePath}): ${String(error).slice(0, 600)}\n${JSON.stringify(details.counterexample).slice(0, 800)}`,
        );
      }
      failures.push(...(await boundarySweep(route, dates.get(route))));
      const after = await databaseDigest(context.database);
      const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
      if (changed.length) failures.push(`${route}: database changed (${changed.join(', ')})`);
      const health = await withinTimeLimit(
        context.app.inject({ method: 'GET', url: '/health' }),
        REQUEST_LIMIT_MS,
        `GET /health after ${route}`,
      ).catch((error: Error) => ({ statusCode: 0, body: error.message }));
      tally.healthChecks += 1;
      if (health.statusCode !== 200) {
        failures.push(
          `${route}: /health answered ${health.statusCode} after the batch: ${health.body.slice(0, 200)}`,
        );
      }
    }
    console.info(
      `fuzz: ${tally.sent} malformed requests (${tally.boundary} with boundary dates) over ${routes.length} ` +
        `routes; ${tally.serverErrors} replies >= 500, ${tally.overLimit} over ${REQUEST_LIMIT_MS} ms, ` +
        `/health checked ${tally.healthChecks} times`,
    );
    expect(failures).toEqual([]);
    // A file written after its reply would be seen by a later request's check, or only here.
    expect(dataFiles(), 'files under DATA_DIR after the last request').toEqual([]);
    expect(tally.serverErrors).toBe(0);
    expect(tally.overLimit).toBe(0);
    if (!only) expect(tally.sent).toBeGreaterThanOrEqual(TOTAL_REQUESTS);
  }, 900_000);
});
