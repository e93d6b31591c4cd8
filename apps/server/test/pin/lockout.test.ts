import { agentCredentialHeader } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  createUserAndLogin,
  expectProblem,
  loginToken,
  request,
  testConfig,
  useTestApp,
} from '../support/app.ts';
import { jsonPart, multipart } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { BAD_CREDENTIAL, pinLockedMessage, publicApi } from '../support/public-api.ts';
import { activeLoan, useLoanWorld } from '../support/worlds.ts';

/**
 * The PIN lockout over HTTP (@prestaya/domain pin-lockout.ts; the rule is modules/public/pin-lockouts.ts), with
 * the clock injected (BuildAppOptions.now) and the client address varied with app.inject's
 * `remoteAddress`. Two app instances share the file's database, as two servers behind a load balancer
 * share PostgreSQL; both read the same test clock. Runs on PGlite and, with DATABASE_URL, PostgreSQL.
 */
const context = useTestApp();
// 12:00:30 in Mexico City (UTC−6 all year): a lock then ends at 12:15:30, shown as 12:16.
const T0 = Date.parse('2025-03-03T18:00:30Z');
const MIN = 60_000;
let clock = T0;
const now = () => new Date(clock);
let first: FastifyInstance;
let second: FastifyInstance;
const world = useLoanWorld(context);
let loanId: string;
let installments: string[];
let paid = 0;

beforeAll(async () => {
  const instance = () =>
    buildApp({ config: testConfig(), database: context.database, logger: false, now }).then(async (app) => {
      await app.ready();
      return app;
    });
  [first, second] = await Promise.all([instance(), instance()]);
});
afterAll(async () => {
  await Promise.all([first?.close(), second?.close()]);
});

beforeEach(async () => {
  clock = T0;
  paid = 0;
  const active = await activeLoan(context, world.admin, world.customer.id);
  loanId = active.loan.id;
  installments = active.schedule.map((p) => p.id);
});

/** One payment attempt of the next unpaid installment with `pin`, from `address`, on `app`. */
async function pay(pin: string, address: string, app: FastifyInstance = first, user = world.agent) {
  const reply = await publicApi(app).pay(
    loanId,
    [jsonPart({ scheduledPaymentIds: [installments[paid] ?? ''], paymentMethod: 0 as never })],
    [user.num, pin],
    address,
  );
  if (reply.statusCode === 201) paid += 1;
  return reply;
}
const wrong = (address: string, app?: FastifyInstance) => pay('0000', address, app);
const right = (address: string, app?: FastifyInstance) => pay(world.agent.pin, address, app);

function expectLocked(reply: Awaited<ReturnType<typeof pay>>, time: string, retryAfter?: number) {
  expectProblem(reply, 423, pinLockedMessage(time));
  if (retryAfter !== undefined) expect(reply.headers['retry-after']).toBe(String(retryAfter));
}

const audit = async (action: string) =>
  rowsOf<{ user_id: string | null; entity: string; entity_id: string; before: unknown; after: unknown }>(
    await context.database.db.execute(
      sql`select user_id, entity, entity_id, before, after from audit_log where action = ${action} order by at`,
    ),
  );
/** A token from `first`, on the test clock: one issued in its future (by context.app) is refused. */
const tokenOf = (user: { username: string; password: string }) =>
  loginToken(first, user.username, user.password);
const pinLocks = (token: string) => request(first, { method: 'GET', url: '/api/v1/users/pin-locks', token });
const unlock = (token: string, id: string) =>
  request(first, { method: 'POST', url: `/api/v1/users/${id}/unlock-pin`, token });
const paymentCount = async () =>
  rowsOf<{ n: number }>(await context.database.db.execute(sql`select count(*)::int as n from payments`))[0]
    ?.n;

describe('5 wrong PINs from one address', () => {
  it('lock the number for that address only: address B authorises with the right PIN', async () => {
    for (let i = 0; i < 4; i++) expectProblem(await wrong('10.0.0.1'), 401, BAD_CREDENTIAL);
    // The 5th is answered with the lock and the time it opens (12:15:30 → 12:16), Retry-After 900 s.
    expectLocked(await wrong('10.0.0.1'), '12:16', 900);
    clock += 5 * MIN;
    expectLocked(await right('10.0.0.1'), '12:16', 600);
    expectLocked(await wrong('10.0.0.1', second), '12:16');

    const fromB = await right('10.0.0.2');
    expect(fromB.statusCode, fromB.body).toBe(201);
    expect(await pinLocks(await tokenOf(world.admin)).then((r) => r.json().data)).toEqual([
      {
        userId: world.agent.id,
        num: world.agent.num,
        name: 'Ana',
        lastName: 'Agente',
        lockedUntil: new Date(T0 + 15 * MIN).toISOString(),
        everywhere: false,
        addresses: 1,
      },
    ]);
    // No audit event for a lock of one address.
    expect(await audit('pin_locked')).toEqual([]);

    // 15 minutes after the lock, address A works again (on either instance).
    clock = T0 + 15 * MIN;
    const fromA = await right('10.0.0.1', second);
    expect(fromA.statusCode, fromA.body).toBe(201);
    expect(await paymentCount()).toBe(2);
  });

  it('are not counted while locked, and a right PIN elsewhere does not forget them', async () => {
    for (let i = 0; i < 4; i++) await wrong('10.0.0.1');
    expect((await right('10.0.0.2')).statusCode).toBe(201);
    expectLocked(await wrong('10.0.0.1'), '12:16');
    for (let i = 0; i < 10; i++) expectLocked(await wrong('10.0.0.1'), '12:16');
    const counters = rowsOf<{ scope: string; failed_count: number }>(
      await context.database.db.execute(
        sql`select scope, failed_count from pin_lockouts where user_num = ${world.agent.num} order by scope`,
      ),
    );
    // 5 failures counted everywhere; the 10 refused while locked are not failures.
    expect(counters).toEqual([
      { scope: '*', failed_count: 5 },
      { scope: '10.0.0.1', failed_count: 5 },
    ]);
  });
});

describe('20 wrong PINs in an hour from any addresses', () => {
  it('lock the number everywhere, tell the administrators, and an administrator unlocks it', async () => {
    // 19 failures over 57 minutes from 19 addresses, alternating instances: nothing locked yet.
    for (let i = 0; i < 19; i++) {
      clock = T0 + i * 3 * MIN;
      expectProblem(await wrong(`10.1.0.${i}`, i % 2 ? second : first), 401, BAD_CREDENTIAL);
    }
    expect((await pinLocks(await tokenOf(world.admin))).json().data).toEqual([]);
    // The 20th, 57 minutes after the first: locked everywhere until 12:57:30 + 15 min → 13:13.
    clock = T0 + 57 * MIN;
    expectLocked(await wrong('10.1.0.19', second), '13:13', 900);
    const lockedUntil = new Date(T0 + 72 * MIN).toISOString();

    // Even the right PIN from an address that never failed, on either instance.
    expectLocked(await right('192.168.7.7'), '13:13');
    expectLocked(await right('192.168.7.8', second), '13:13');
    expect(await paymentCount()).toBe(0);

    // One audit event, by the system, naming the user.
    expect(await audit('pin_locked')).toEqual([
      {
        user_id: null,
        entity: 'user',
        entity_id: world.agent.id,
        before: null,
        after: {
          num: world.agent.num,
          lockedUntil,
          failedAttempts: 20,
          since: new Date(T0).toISOString(),
        },
      },
    ]);
    // The administrators' notice reads the locks in force; agents may not.
    const locks = await pinLocks(await tokenOf(world.admin));
    expect(locks.statusCode).toBe(200);
    expect(locks.json().data).toEqual([
      {
        userId: world.agent.id,
        num: world.agent.num,
        name: 'Ana',
        lastName: 'Agente',
        lockedUntil,
        everywhere: true,
        addresses: 0,
      },
    ]);
    expectProblem(await pinLocks(await tokenOf(world.agent)), 403);
    expectProblem(await unlock(await tokenOf(world.agent), world.agent.id), 403);

    // 'Desbloquear PIN': the number opens at once, on both instances; audited with the administrator.
    const unlocked = await unlock(await tokenOf(world.admin), world.agent.id);
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    expect(unlocked.json()).toEqual({
      status: 'OK',
      data: { userId: world.agent.id, num: world.agent.num, wasLocked: true },
    });
    expect(await audit('pin_unlocked')).toEqual([
      {
        user_id: world.admin.id,
        entity: 'user',
        entity_id: world.agent.id,
        before: { num: world.agent.num, lockedEverywhere: true, lockedAddresses: 0, failedAttempts: 20 },
        after: null,
      },
    ]);
    expect((await pinLocks(await tokenOf(world.admin))).json().data).toEqual([]);
    expect((await right('192.168.7.7', second)).statusCode).toBe(201);
    expect((await right('10.1.0.19')).statusCode).toBe(201);
  });

  it('the count of every address starts over an hour after its first failure', async () => {
    for (let i = 0; i < 19; i++) await wrong(`10.2.0.${i}`);
    clock = T0 + 60 * MIN;
    expectProblem(await wrong('10.2.0.100'), 401, BAD_CREDENTIAL);
    for (let i = 0; i < 18; i++) await wrong(`10.3.0.${i}`);
    expect((await right('10.4.0.1')).statusCode).toBe(201);
    expectLocked(await wrong('10.3.0.200'), '13:16');
  });

  it('a lock ends by itself after 15 minutes', async () => {
    for (let i = 0; i < 20; i++) await wrong(`10.5.0.${i}`);
    clock = T0 + 15 * MIN - 1;
    expectLocked(await right('10.6.0.1'), '12:16', 1);
    clock = T0 + 15 * MIN;
    expect((await right('10.6.0.1')).statusCode).toBe(201);
  });
});

describe('unlocking', () => {
  it('an unknown user is 404; a user without a lock is reported so and nothing is audited', async () => {
    expectProblem(
      await unlock(await tokenOf(world.admin), '01890a5d-ac96-774b-bcce-b302099a8057'),
      404,
      'Usuario no encontrado',
    );
    const reply = await unlock(await tokenOf(world.admin), world.agent.id);
    expect(reply.json().data).toEqual({ userId: world.agent.id, num: world.agent.num, wasLocked: false });
    expect(await audit('pin_unlocked')).toEqual([]);
  });

  it('also opens the addresses locked one by one', async () => {
    for (let i = 0; i < 5; i++) await wrong('10.7.0.1');
    for (let i = 0; i < 5; i++) await wrong('10.7.0.2');
    expect((await pinLocks(await tokenOf(world.admin))).json().data).toMatchObject([
      { everywhere: false, addresses: 2 },
    ]);
    expect((await unlock(await tokenOf(world.admin), world.agent.id)).json().data.wasLocked).toBe(true);
    expect((await right('10.7.0.1')).statusCode).toBe(201);
    expect((await right('10.7.0.2')).statusCode).toBe(201);
  });
});

describe('who may authorise', () => {
  it("another agent's right PIN is refused (403) and not counted; the customer's agent and an administrator may", async () => {
    const other = await createUserAndLogin(context, { name: 'Otro', lastName: 'Agente' });
    const refused = await pay(other.pin, '10.8.0.1', first, other);
    expectProblem(refused, 403, 'El pago debe autorizarlo el agente asignado al cliente o un administrador');
    expect(await paymentCount()).toBe(0);
    const counted = rowsOf(
      await context.database.db.execute(sql`select 1 from pin_lockouts where user_num = ${other.num}`),
    );
    expect(counted).toEqual([]);
    expect((await pay(world.admin.pin, '10.8.0.1', first, world.admin)).statusCode).toBe(201);
    expect((await right('10.8.0.1')).statusCode).toBe(201);
  });
});

describe('client addresses that a trusting proxy passes on as sent', () => {
  it("'*' or a long text in X-Forwarded-For is an address like any other: 401, not a 500", async () => {
    const proxied = await buildApp({
      config: testConfig({ trustProxy: true }),
      database: context.database,
      logger: false,
      now,
    });
    try {
      for (const forwarded of ['*', 'x'.repeat(500)]) {
        const { payload, headers } = multipart([
          jsonPart({ scheduledPaymentIds: [installments[0] ?? ''], paymentMethod: 0 as never }),
        ]);
        const reply = await proxied.inject({
          method: 'POST',
          url: `/public/api/v1/loans/${loanId}/payments`,
          payload,
          headers: {
            ...headers,
            authorization: agentCredentialHeader(world.agent.num, '0000'),
            'x-forwarded-for': forwarded,
          },
        });
        expectProblem(reply, 401, BAD_CREDENTIAL);
      }
      const scopes = rowsOf<{ scope: string; failed_count: number }>(
        await context.database.db.execute(
          sql`select scope, failed_count from pin_lockouts where user_num = ${world.agent.num} order by scope`,
        ),
      );
      // Two failures counted everywhere; neither address is taken for the everywhere counter.
      expect(scopes.find((row) => row.scope === '*')?.failed_count).toBe(2);
      expect(scopes).toHaveLength(3);
      expect(scopes.every((row) => row.scope.length <= 64)).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
