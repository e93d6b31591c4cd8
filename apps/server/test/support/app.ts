import { Writable } from 'node:stream';
import type { Role, UserStatus } from '@prestaya/contracts';
import { DEFAULT_COLLECTED_AT_LIMITS } from '@prestaya/domain';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  ACCRUAL_CONNECTIONS_DEFAULT,
  ACCRUAL_PAUSE_PERCENT_DEFAULT,
  type AppConfig,
  UPLOAD_DEFAULTS,
} from '../../src/config.ts';

/** The production upload bounds, for a test that changes one of them. */
export const UPLOAD_TEST_DEFAULTS = UPLOAD_DEFAULTS;

import type { Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { loggerOptions } from '../../src/logger.ts';
import { createUser } from '../../src/modules/users/create-user.ts';
import { tempDataDir } from './builders.ts';
import { TEST_TIME_ZONE, testNow } from './clock.ts';
import { createTestDatabase, resetDatabase } from './database.ts';

/** The production defaults (config.ts), except the per-address bound: every test client is 127.0.0.1. */
export const DEFAULT_TEST_CONNECTIONS: AppConfig['connections'] = {
  max: 1000,
  perAddress: 0,
  headersTimeoutMs: 15_000,
  requestTimeoutMs: 120_000,
  idleTimeoutMs: 120_000,
  keepAliveTimeoutMs: 10_000,
  maxRequestsPerSocket: 1000,
};

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir: '/nonexistent-test-data-dir',
    databaseUrl: undefined,
    pgliteDir: 'memory://',
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    jwtSecretSource: 'env',
    admin: undefined,
    businessTimeZone: TEST_TIME_ZONE,
    logLevel: 'silent',
    webDist: '/nonexistent-web-dist',
    loginRateLimit: { max: 1000, addressMax: 1000, timeWindowMs: 60_000 },
    trustProxy: false,
    metricsToken: undefined,
    collectedAtLimits: { ...DEFAULT_COLLECTED_AT_LIMITS },
    connections: DEFAULT_TEST_CONNECTIONS,
    accrualPausePercent: ACCRUAL_PAUSE_PERCENT_DEFAULT,
    accrualConnections: ACCRUAL_CONNECTIONS_DEFAULT,
    // The race tests send several uploads of one user at once on purpose; the bounds have their own
    // test (reliability/uploads-in-flight.test.ts).
    uploads: { ...UPLOAD_DEFAULTS, inFlight: 64, inFlightPerClient: 32 },
    backupPassphrase: undefined,
    ...overrides,
  };
}

/** buildApp's `now` for a test app: the test's own clock, else PRESTAYA_TEST_NOW's, else none. */
export const testClock = (now: (() => Date) | undefined = testNow) => (now ? { now } : {});

export interface TestContext {
  app: FastifyInstance;
  database: Database;
}

/**
 * Registers the file's hooks; the returned object is filled in beforeAll. `now` replaces the app's
 * clock (session tokens, PIN lockouts, the business day), so a test can move time forward; without it
 * the app runs on PRESTAYA_TEST_NOW when set (clock.ts), else on the system clock. `listCountCap`
 * lowers the most rows a list counts (db/paging.ts), so a handful of rows shows a capped total.
 */
export function useTestApp(
  overrides: Partial<AppConfig> = {},
  options: { now?: () => Date; listCountCap?: number } = {},
): TestContext {
  const context = {} as TestContext;
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    context.database = created.database;
    await migrateDatabase(created.database);
    context.app = await buildApp({
      config: testConfig(overrides),
      database: created.database,
      logger: false,
      // A worker's test files share one event loop; on a loaded machine its lag would shed the tests'
      // own requests (503). Load shedding has its own test: operations/load-shedding.test.ts.
      loadShedding: false,
      ...testClock(options.now),
      ...(options.listCountCap ? { listCountCap: options.listCountCap } : {}),
    });
    await context.app.ready();
  });
  beforeEach(async () => {
    await resetDatabase(context.database);
  });
  afterAll(async () => {
    await context.app?.close();
    await drop();
  });
  return context;
}

/**
 * A second app on the context's database whose pino output (the production logger options, at info)
 * is captured; `addRoutes` may add routes before it starts. The caller closes it.
 */
export async function appWithCapturedLogs(
  context: TestContext,
  addRoutes: (app: FastifyInstance) => void = () => {},
  overrides: Partial<AppConfig> = {},
) {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = testConfig({ logLevel: 'info', ...overrides });
  const app = await buildApp({
    config,
    database: context.database,
    logger: { ...(loggerOptions(config) as object), stream },
    ...testClock(),
  });
  addRoutes(app);
  await app.ready();
  return { app, logs: () => lines.join('') };
}

/** useTestApp on a throw-away `dataDir`, removed after the file (tests that prove nothing is ever written there). */
export function useTestAppWithDataDir(overrides: Partial<AppConfig> = {}): TestContext & { dataDir: string } {
  const dataDir = tempDataDir();
  const context = Object.assign(useTestApp({ dataDir: dataDir.dir, ...overrides }), {
    dataDir: dataDir.dir,
  });
  afterAll(() => dataDir.remove());
  return context;
}

export interface TestUser {
  id: string;
  num: number;
  username: string;
  password: string;
  pin: string;
  token: string;
}

let userCounter = 0;

/** Creates a user through the service (as the system) and signs them in through the API. */
export async function createUserAndLogin(
  context: TestContext,
  options: { roles?: Role[]; status?: UserStatus; name?: string; lastName?: string; username?: string } = {},
): Promise<TestUser> {
  userCounter += 1;
  const password = 'secreto123';
  const pin = '4826';
  const created = await createUser(context.database.db, null, {
    name: options.name ?? 'Usuario',
    lastName: options.lastName ?? `Prueba ${userCounter}`,
    username: options.username ?? `usuario${userCounter}@prestaya.mx`,
    password,
    pin,
    roles: options.roles ?? ['ROLE_USER'],
    status: options.status ?? 'A',
  });
  const token =
    created.status === 'CANCELLED' ? '' : await loginToken(context.app, created.username, password);
  return { id: created.id, num: created.num, username: created.username, password, pin, token };
}

/** A fresh administrator before each test, filled in place (as useTestApp's context is). */
export function useAdmin(context: TestContext): TestUser {
  const admin = {} as TestUser;
  beforeEach(async () => {
    Object.assign(admin, await createAdmin(context));
  });
  return admin;
}

export const createAdmin = (context: TestContext, options: Parameters<typeof createUserAndLogin>[1] = {}) =>
  createUserAndLogin(context, { roles: ['ROLE_ADMIN'], ...options });

export async function loginToken(app: FastifyInstance, username: string, password: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { username, password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().access_token;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** app.inject with an optional Bearer token. */
export function request(app: FastifyInstance, options: InjectOptions & { token?: string }) {
  const { token, headers, ...rest } = options;
  return app.inject({ ...rest, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

/** Asserts an RFC 9457 problem reply with the exact status and Spanish detail, and no stack. */
export function expectProblem(
  response: { statusCode: number; headers: Record<string, unknown>; body: string },
  status: number,
  detail?: string | RegExp,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  const body = JSON.parse(response.body);
  expect(body).toMatchObject({ type: 'about:blank', status });
  expect(typeof body.title).toBe('string');
  expect(body).not.toHaveProperty('stack');
  expect(response.body).not.toMatch(/at .+\.(ts|js):\d+/);
  if (typeof detail === 'string') expect(body.detail).toBe(detail);
  else if (detail) expect(body.detail).toMatch(detail);
  return body as { detail: string; errors?: { field: string; message: string }[] };
}
