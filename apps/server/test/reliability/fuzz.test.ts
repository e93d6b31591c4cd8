import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { agentCredentialHeader, LOAN_STATUSES, MX_STATES, USER_STATUSES } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { customersApi } from '../support/api.ts';
import { expectProblem } from '../support/app.ts';
import { filesUnder, fixture } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { TimeLimitError, withinTimeLimit } from '../support/time-limit.ts';
import {
  type BodySpec,
  brokenMultipart,
  brokenObject,
  brokenPayload,
  hostileParam,
  hostileQuery,
  type MultipartSpec,
} from './fuzz-arbitraries.ts';
import { type BoundaryCase, boundaryCases, type DateParameters, dateParameters } from './fuzz-dates.ts';
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
 * Every date parameter of every route (found in the app's OpenAPI document, fuzz-dates.ts) also gets
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

type Actor = 'admin' | 'agent' | 'garbage';
const actor = fc.constantFrom<Actor>('admin', 'admin', 'agent', 'garbage');
const clientAddress = fc.ipV4();

const money = (options: { allowZero?: boolean; optional?: boolean } = {}) => ({
  kind: 'money' as const,
  ...options,
});
const text = (max: number, optional = false) => ({ kind: 'text' as const, max, optional });
const format = (invalid: readonly unknown[], options: { optional?: boolean; typed?: boolean } = {}) => ({
  kind: 'format' as const,
  invalid,
  typed: options.typed ?? true,
  optional: options.optional ?? false,
});

const USERNAME_INVALID = [
  'sin-arroba',
  'a@',
  '@prestaya.mx',
  `${'x'.repeat(121)}@b.mx`,
  'a b@c.mx',
  "' OR 1=1@x",
];
const PASSWORD_INVALID = ['corta', '1234567', 'x'.repeat(129)];
const PIN_INVALID = ['123', '1234567', 'abcd', '12 34', '١٢٣٤', '12\u000034'];

const userFields = {
  name: text(80),
  lastName: text(80),
  username: format(USERNAME_INVALID),
  password: format(PASSWORD_INVALID),
  pin: format(PIN_INVALID),
  roles: { kind: 'roles' as const },
  status: { kind: 'enum' as const, values: USER_STATUSES, optional: true },
};
const customerFields = {
  name: text(80),
  lastName: text(80),
  secondLastName: text(80, true),
  phone: format(['123', '55123456789', '55-1234-567', 'abcdefghij', '５５１２３４５６７８', "55' OR '1"]),
  curp: format(['CORTA', 'X'.repeat(17), 'X'.repeat(19), 'GOMJ800101HDFRRS09 EXTRA', "' OR 1=1 --"]),
  agentId: { kind: 'uuid' as const, optional: true },
  status: { kind: 'enum' as const, values: ['PENDING'], optional: true },
};
const addressFields = {
  street: text(120),
  numExterior: text(20),
  numInterior: text(20, true),
  neighborhood: text(120),
  city: text(120),
  state: { kind: 'enum' as const, values: MX_STATES },
  postalCode: format(['1234', '123456', 'abcde', '12 34', '0394\u0000']),
};
const loanFields = {
  amount: money(),
  term: { kind: 'literal' as const, value: 12, optional: true },
  dailyFee: { kind: 'literal' as const, value: 50, optional: true },
  requestDate: { kind: 'date' as const, optional: true },
  loanFromPast: { kind: 'bool' as const, optional: true },
};

const customerTemplate = () => ({
  name: 'José',
  lastName: 'Gómez',
  secondLastName: 'Núñez',
  phone: '5512345678',
  curp: `GOMJ8001${String(Math.floor(Math.random() * 100)).padStart(2, '0')}HDFRRS09`,
});
const addressTemplate = () => ({
  street: 'Av. Insurgentes Sur',
  numExterior: '1602',
  neighborhood: 'Crédito Constructor',
  city: 'Benito Juárez',
  state: 'CIUDAD DE MEXICO',
  postalCode: '03940',
});

/** Valid bodies per write route; a generated one is always broken in at least one field. */
const BODIES: Record<string, () => BodySpec> = {
  'POST /api/v1/auth/login': () => ({
    template: () => ({ username: world().agent.username, password: 'incorrecta' }),
    fields: { username: text(120), password: text(128) },
  }),
  'POST /api/v1/auth/register': () => ({
    template: () => ({
      name: 'Ana',
      lastName: 'Pérez',
      username: 'nueva@prestaya.mx',
      password: 'secreto123',
      pin: '4826',
    }),
    fields: {
      name: userFields.name,
      lastName: userFields.lastName,
      username: userFields.username,
      password: userFields.password,
      pin: userFields.pin,
    },
  }),
  'POST /api/v1/users': () => ({
    template: () => ({
      name: 'Nuevo',
      lastName: 'Usuario',
      username: `fuzz-${uuidv7()}@prestaya.mx`,
      password: 'secreto123',
      pin: '4826',
      roles: ['ROLE_USER'],
    }),
    fields: userFields,
  }),
  'PUT /api/v1/users/:id': () => ({
    template: () => ({
      name: 'Sara',
      lastName: 'Suplente',
      username: world().spare.username,
      roles: ['ROLE_USER'],
      status: 'A',
    }),
    fields: {
      ...userFields,
      password: format(PASSWORD_INVALID, { optional: true }),
      pin: format(PIN_INVALID, { optional: true }),
      status: { kind: 'enum', values: USER_STATUSES },
    },
  }),
  'POST /api/v1/customers': () => ({ template: customerTemplate, fields: customerFields }),
  'PUT /api/v1/customers/:id': () => ({
    template: () => ({ ...customerTemplate(), curp: world().customer.curp, agentId: world().agent.id }),
    fields: customerFields,
  }),
  'POST /api/v1/customers/:id/addresses': () => ({ template: addressTemplate, fields: addressFields }),
  'PUT /api/v1/customers/:id/addresses/:addressId': () => ({
    template: addressTemplate,
    fields: addressFields,
  }),
  'POST /api/v1/customers/:id/loans': () => ({ template: () => ({ amount: 1_000 }), fields: loanFields }),
  'PUT /api/v1/loans/:id': () => ({
    template: () => ({ amount: 2_500 }),
    fields: {
      ...loanFields,
      amount: money({ optional: true }),
      status: { kind: 'enum', values: LOAN_STATUSES, optional: true },
    },
  }),
  'PUT /api/v1/loans/:id/approve': () => ({
    template: () => ({ bankAccountId: world().account.id }),
    fields: { bankAccountId: { kind: 'uuid', optional: true } },
  }),
  'POST /api/v1/bank-accounts': () => ({
    template: () => ({ name: 'Caja', bankName: 'Efectivo', customerName: 'Caja', balance: 100 }),
    fields: {
      name: text(80),
      bankName: text(80),
      cardNumber: format(['123', '4152 3134 1234 5678', 'abcdefghijklmnop', '41523134123456789'], {
        optional: true,
      }),
      clabe: format(['002010077777777772', '12345', 'abcdefghijklmnopqr'], { optional: true }),
      customerName: text(120),
      balance: money({ allowZero: true, optional: true }),
    },
  }),
  'PATCH /api/v1/bank-accounts/:id': () => ({
    template: () => ({ deposit: 100, reason: 'Fuzz' }),
    fields: { deposit: money(), reason: text(200) },
  }),
  'PATCH /api/v1/payments/:id': () => ({
    template: () => ({ status: 'REJECTED' }),
    fields: {
      status: { kind: 'enum', values: ['PAID', 'REJECTED'] },
      targetAccountId: { kind: 'uuid', optional: true },
    },
  }),
};

const paymentRequestFields = (method: BodySpec['fields'][string]): BodySpec['fields'] => ({
  scheduledPaymentIds: { kind: 'uuids' },
  feeIds: { kind: 'uuids' },
  paymentMethod: method,
});

/** Multipart payment registrations (staff and public), always refused for at least one reason. */
const MULTIPART: Record<string, () => MultipartSpec> = {
  'POST /api/v1/loans/:id/payments': () =>
    staffOrPublic('CASH', 'TRANSFER', {
      kind: 'enum',
      values: ['CASH', 'TRANSFER'],
    }),
  'POST /public/api/v1/loans/:id/payments': () =>
    staffOrPublic(
      0,
      1,
      format([2, -1, '2', 'cash', 'EFECTIVO', 1.5, '01', true, [], {}, null], { typed: false }),
    ),
};

let nextInstallment = '';
function staffOrPublic(cash: unknown, transfer: unknown, method: BodySpec['fields'][string]): MultipartSpec {
  const validRequest = () => ({ scheduledPaymentIds: [nextInstallment], feeIds: [], paymentMethod: cash });
  return {
    validRequest,
    cash,
    transfer,
    png: fixture('proof.png'),
    requestSpec: { template: validRequest, fields: paymentRequestFields(method) },
  };
}

/**
 * Valid values of path parameters, so that a generated request gets past the router and the
 * parameter check whenever its hostile part is elsewhere. Unknown parameters get a random UUID.
 */
function validParam(route: string, name: string): string {
  const w = world();
  if (name === 'id') {
    if (route.includes('/users/')) return w.spare.id;
    if (route.includes('/customers/')) return w.customer.id;
    if (route.includes('/bank-accounts/')) return w.account.id;
    if (route.includes('/payments/:id')) return w.payment.id;
    if (route.endsWith('/fees') || route.includes('/fees/')) return w.lateLoan.id;
    if (route.includes('/approve') || route.startsWith('PUT /api/v1/loans/:id')) return w.pendingLoan.id;
    if (route.includes('/loans/')) return w.activeLoan.id;
  }
  const known: Record<string, string> = {
    addressId: w.addressId,
    transactionId: w.transactionId,
    attachmentId: w.attachmentId,
    entity: 'customer',
    entityId: w.customer.id,
    '*': 'swagger-ui.css',
  };
  return known[name] ?? uuidv7();
}

/** The route's path with the given (hostile) parameters, valid ones for the rest. */
function pathOf(route: string, hostile: Record<string, string>): string {
  const pattern = route.split(' ')[1] ?? '/';
  return pattern.replace(/:(\w+)|\*/g, (_m, name: string | undefined) => {
    const key = name ?? '*';
    return hostile[key] ?? encodeURIComponent(validParam(route, key));
  });
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*');

interface FuzzRequest {
  method: string;
  path: string;
  query: string;
  actor: Actor;
  remoteAddress: string;
  payload?: string | Buffer;
  headers: Record<string, string>;
}

/** The generator of one route's malformed requests. */
function requestsFor(route: string): fc.Arbitrary<FuzzRequest> {
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const names = paramNames(pattern);
  const write = method !== 'GET';
  const bodySpec = BODIES[route]?.();
  const multipartSpec = MULTIPART[route]?.();
  const pathWith = (hostile: Record<string, string>) => pathOf(route, hostile);
  const optionalQuery = fc.option(hostileQuery, { nil: '' });

  /** The body a write sends when something else (path, query) is what breaks it. */
  const validBody = (): { payload?: string | Buffer; headers: Record<string, string> } => {
    if (multipartSpec) return { headers: {} }; // no multipart at all: 415 or 400
    if (bodySpec)
      return {
        payload: JSON.stringify(bodySpec.template()),
        headers: { 'content-type': 'application/json' },
      };
    return { headers: {} };
  };

  const kinds: fc.Arbitrary<Omit<FuzzRequest, 'actor' | 'remoteAddress'>>[] = [];
  if (names.length) {
    const oneHostile = fc
      .subarray(names, { minLength: 1 })
      .chain((hostileNames) =>
        fc
          .tuple(...hostileNames.map(() => hostileParam))
          .map((values) => Object.fromEntries(hostileNames.map((name, i) => [name, values[i] as string]))),
      );
    kinds.push(
      fc.tuple(oneHostile, optionalQuery).map(([hostile, query]) => ({
        method,
        path: pathWith(hostile),
        query,
        ...validBody(),
      })),
    );
  }
  if (!write) {
    kinds.push(hostileQuery.map((query) => ({ method, path: pathWith({}), query, headers: {} })));
  } else {
    kinds.push(
      fc.tuple(brokenPayload, optionalQuery).map(([body, query]) => ({
        method,
        path: pathWith({}),
        query,
        payload: body.payload,
        headers: { 'content-type': body.contentType },
      })),
    );
    if (bodySpec) {
      // Twice: field-level breaks are where validation can be wrong.
      const broken = fc.tuple(brokenObject(bodySpec), optionalQuery).map(([body, query]) => ({
        method,
        path: pathWith({}),
        query,
        payload: JSON.stringify(body),
        headers: { 'content-type': 'application/json' },
      }));
      kinds.push(broken, broken);
      // JSON of another shape: an array or a scalar.
      kinds.push(
        fc
          .oneof(fc.jsonValue().filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)))
          .map((value) => ({
            method,
            path: pathWith({}),
            query: '',
            payload: JSON.stringify(value),
            headers: { 'content-type': 'application/json' },
          })),
      );
    }
    if (multipartSpec) {
      const body = brokenMultipart(multipartSpec);
      kinds.push(body.map((b) => ({ method, path: pathWith({}), query: '', ...b })));
      kinds.push(body.map((b) => ({ method, path: pathWith({}), query: '', ...b })));
    }
  }
  return fc
    .tuple(fc.oneof(...kinds), actor, clientAddress)
    .map(([request, who, remoteAddress]) => ({ ...request, actor: who, remoteAddress }));
}

function tokenOf(who: Actor): string {
  if (who === 'garbage') return 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.garbage';
  return world()[who].token;
}

async function send(route: string, request: FuzzRequest) {
  tally.sent += 1;
  const isPublic = route.includes('/public/api/');
  const headers: Record<string, string> = { ...request.headers };
  if (isPublic && route.endsWith('/payments')) {
    headers.authorization = agentCredentialHeader(world().agent.num, world().agent.pin);
  } else if (!isPublic) {
    headers.authorization = `Bearer ${tokenOf(request.actor)}`;
  }
  const options: InjectOptions = {
    method: request.method as InjectOptions['method'],
    url: request.query ? `${request.path}?${request.query}` : request.path,
    headers,
    remoteAddress: request.remoteAddress,
    ...(request.payload === undefined ? {} : { payload: request.payload }),
  };
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
 * One boundary case as a request. A write whose dates are all valid goes to records that do not
 * exist (random ids: 404 after validation), so it is refused and changes nothing; any other write
 * goes to a real record with an otherwise valid body, so the date alone must stop it.
 */
function boundaryRequest(route: string, boundary: BoundaryCase, who: Actor): FuzzRequest {
  const [method = 'GET', pattern = '/'] = route.split(' ');
  const write = method !== 'GET';
  const path = write && !boundary.mustRefuse ? pattern.replace(/:(\w+)/g, () => uuidv7()) : pathOf(route, {});
  const query = Object.entries(boundary.query)
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const body = write ? { ...(BODIES[route]?.().template() ?? {}), ...boundary.body } : undefined;
  return {
    method,
    path,
    query,
    actor: who,
    remoteAddress: '203.0.113.10',
    headers: body ? { 'content-type': 'application/json' } : {},
    ...(body ? { payload: JSON.stringify(body) } : {}),
  };
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

function expectRefusedOrServed(route: string, response: Awaited<ReturnType<typeof send>>) {
  const where = `${route} → ${response.statusCode} ${response.body.slice(0, 300)}`;
  expect(response.statusCode, where).toBeLessThan(500);
  if (route.split(' ')[0] !== 'GET') expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  if (response.statusCode < 400) return;
  expect(response.headers['content-type'], where).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(response.body);
  expect(body, where).toMatchObject({ type: 'about:blank', status: response.statusCode });
  expect(typeof body.title, where).toBe('string');
  expect(body.detail, where).toEqual(expect.any(String));
  expect(body.detail.length, where).toBeGreaterThan(0);
  expect(body, where).not.toHaveProperty('stack');
  expect(response.body, where).not.toMatch(/at .+\.(ts|js):\d+|node_modules|ERR_|Error:/);
}

/** Tables whose rows record refused attempts by design (per-client counters, PIN failures). */
const ATTEMPT_COUNTERS = new Set(['rate_limit_hits', 'pin_lockouts']);

/** A digest of every row of every other table, money tables included, plus the row counts. */
async function databaseDigest(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await context.database.db.execute(
      sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
    ),
  )
    .map((row) => row.name)
    .filter((name) => !ATTEMPT_COUNTERS.has(name));
  const digest: Record<string, string> = {};
  for (const name of tables) {
    const [row] = rowsOf<{ n: number; md5: string }>(
      await context.database.db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as md5 from "${name}" t`,
        ),
      ),
    );
    digest[name] = `${row?.n} rows, ${row?.md5}`;
  }
  return digest;
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
    nextInstallment = pending.json().data.scheduledPayments[0].id;
    // Nothing a request receives is ever written under DATA_DIR (proofs go to the database).
    const dataFiles = () => filesUnder(context.dataDir);
    expect(dataFiles(), 'files under DATA_DIR before the first request').toEqual([]);

    // Every route is fuzzed even when an earlier one fails: the report lists all of them.
    const failures: string[] = [];
    for (const route of routes) {
      const before = await databaseDigest();
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
      const after = await databaseDigest();
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
