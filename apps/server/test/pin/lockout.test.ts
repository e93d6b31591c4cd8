import { randomUUID } from 'node:crypto';
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
import {
  BAD_CREDENTIAL,
  LOOKUP_REQUIRED,
  NOT_ASSIGNED,
  pinLockedMessage,
  publicApi,
} from '../support/public-api.ts';
import { activeLoan, secondCustomer, useLoanWorld } from '../support/worlds.ts';

/**
 * The PIN lockout over HTTP (@prestaya/domain pin-lockout.ts; the rule is modules/public/pin-lockouts.ts;
 * docs/reliability.md "PIN threat model"), with the clock injected (BuildAppOptions.now) and the client
 * address varied with app.inject's `remoteAddress`. Every proof here comes from a real lookup (loan
 * number + phone). Two app instances share the file's database, as two servers behind a load balancer
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
let loanNum: number;
let installments: string[];
let paid = 0;
/** Another loan of the same agent (another customer), for "the agent's other loans keep working". */
let other: { id: string; num: number; phone: string; installments: string[]; paid: number };

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
  loanNum = active.loan.num;
  installments = active.schedule.map((p) => p.id);
  const customer = await secondCustomer(context, world.admin, { agentId: world.agent.id });
  const second = await activeLoan(context, world.admin, customer.id);
  other = {
    id: second.loan.id,
    num: second.loan.num,
    phone: customer.phone,
    installments: second.schedule.map((p) => p.id),
    paid: 0,
  };
});

/** The lookup proof a client at `address` gets for the loan `num` + `phone` (the real search). */
async function lookup(address: string, num = loanNum, phone = world.customer.phone, app = first) {
  const reply = await app.inject({
    method: 'GET',
    url: `/public/api/v1/loans/search?num=${num}&phone=${phone}`,
    remoteAddress: address,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json().data.proof as string;
}

/**
 * One payment attempt of the next unpaid installment of the world's loan with `pin`, from `address`,
 * on `app`, with the proof of a lookup made from that address (or `proof`: '' sends none).
 */
async function pay(
  pin: string,
  address: string,
  app: FastifyInstance = first,
  user: { num: number } = world.agent,
  proof?: string,
) {
  const reply = await publicApi(app).pay(
    loanId,
    [jsonPart({ scheduledPaymentIds: [installments[paid] ?? ''], paymentMethod: 0 as never })],
    [user.num, pin],
    address,
    { 'x-lookup-proof': proof ?? (await lookup(address, loanNum, world.customer.phone, app)) },
  );
  if (reply.statusCode === 201) paid += 1;
  return reply;
}
const wrong = (address: string, app?: FastifyInstance) => pay('0000', address, app);
const right = (address: string, app?: FastifyInstance) => pay(world.agent.pin, address, app);

/** The same on the agent's other loan. */
async function payOther(pin: string, address: string, user: { num: number } = world.agent) {
  const reply = await publicApi(first).pay(
    other.id,
    [jsonPart({ scheduledPaymentIds: [other.installments[other.paid] ?? ''], paymentMethod: 0 as never })],
    [user.num, pin],
    address,
    { 'x-lookup-proof': await lookup(address, other.num, other.phone) },
  );
  if (reply.statusCode === 201) other.paid += 1;
  return reply;
}

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
const counters = async () =>
  rowsOf<{ user_num: number; scope: string; failed_count: number }>(
    await context.database.db.execute(
      sql`select user_num, scope, failed_count from pin_lockouts order by user_num, scope`,
    ),
  );
/** The users list as an administrator reads it: number → pinBurst. */
async function bursts() {
  const reply = await request(first, {
    method: 'GET',
    url: '/api/v1/users?size=100',
    token: await tokenOf(world.admin),
  });
  expect(reply.statusCode, reply.body).toBe(200);
  return Object.fromEntries(
    (reply.json().data as { num: number; pinBurst: unknown }[]).map((u) => [u.num, u.pinBurst]),
  );
}

describe("the finding's attack: wrong PINs for every number on loans nobody looked up", () => {
  it('4 addresses × 5 wrong PINs × numbers 1001–1006 with random loan ids: all 403 before the PIN, nothing counted, every agent still authorises', async () => {
    const numbers = [1001, 1002, 1003, 1004, 1005, 1006];
    expect(numbers).toContain(world.agent.num);
    expect(numbers).toContain(world.admin.num);
    let requests = 0;
    for (const address of ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4'])
      for (const num of numbers)
        for (let i = 0; i < 5; i++) {
          const reply = await publicApi(first).pay(
            randomUUID(),
            [jsonPart({ scheduledPaymentIds: [randomUUID()], paymentMethod: 0 as never })],
            [num, String(1000 + i * 37)],
            address,
            // No proof, or one that is not the server's: both the same refusal.
            { 'x-lookup-proof': i % 2 ? '' : `9999999999.${'0'.repeat(64)}` },
          );
          expectProblem(reply, 403, LOOKUP_REQUIRED);
          requests += 1;
        }
    expect(requests).toBe(120);
    expect(await counters()).toEqual([]);
    // Every agent authorises with the right PIN on a looked-up loan, from any address.
    expect((await right('203.0.113.7')).statusCode).toBe(201);
    expect((await pay(world.admin.pin, '203.0.113.8', first, world.admin)).statusCode).toBe(201);
    expect(await paymentCount()).toBe(2);
  });

  it('the same attack on one loan the attacker did look up locks only the pairs of that loan; the agent and the administrator authorise on their other loans', async () => {
    const numbers = [1001, 1002, 1003, 1004, 1005, 1006];
    for (const address of ['198.51.100.11', '198.51.100.12', '198.51.100.13', '198.51.100.14']) {
      const proof = await lookup(address);
      for (const num of numbers)
        for (let i = 0; i < 5; i++) {
          const reply = await pay(String(2000 + i * 37), address, first, { num }, proof);
          // Numbers that cannot authorise this loan: 403, the PIN never evaluated; the agent's and the
          // administrator's: wrong PIN (401) until their pair locks (423).
          expect([401, 403, 423]).toContain(reply.statusCode);
          if (num !== world.agent.num && num !== world.admin.num) expectProblem(reply, 403, NOT_ASSIGNED);
        }
    }
    // Only the pairs (agent, loan) and (admin, loan) locked; 5 counted failures each, not 20.
    const pairs = (await counters()).filter((row) => row.scope.startsWith('loan:'));
    expect(pairs).toEqual(
      [world.admin.num, world.agent.num]
        .sort((x, y) => x - y)
        .map((num) => ({ user_num: num, scope: `loan:${loanId}`, failed_count: 5 })),
    );
    expectLocked(await right('203.0.113.9'), '12:16');
    // The agent's other loan, and the administrator on it, from anywhere.
    expect((await payOther(world.agent.pin, '203.0.113.9')).statusCode).toBe(201);
    expect((await payOther(world.admin.pin, '203.0.113.10', world.admin)).statusCode).toBe(201);
  });
});

describe('the lookup proof', () => {
  it('is required, of this very loan, unaltered and fresh; it works on every server; a refusal counts nowhere', async () => {
    const proof = await lookup('10.0.9.1');
    const otherProof = await lookup('10.0.9.1', other.num, other.phone);
    const [expires, signature] = proof.split('.');
    const altered = `${Number(expires) + 60}.${signature}`;
    for (const sent of ['', otherProof, altered, 'x'.repeat(100)])
      expectProblem(await pay(world.agent.pin, '10.0.9.1', first, world.agent, sent), 403, LOOKUP_REQUIRED);
    expect(await counters()).toEqual([]);
    // 30 minutes later it has expired.
    clock = T0 + 30 * MIN + 1000;
    expectProblem(await pay(world.agent.pin, '10.0.9.1', first, world.agent, proof), 403, LOOKUP_REQUIRED);
    clock = T0 + 29 * MIN;
    const paidOnSecond = await pay(world.agent.pin, '10.0.9.2', second, world.agent, proof);
    expect(paidOnSecond.statusCode, paidOnSecond.body).toBe(201);
  });
});

describe('5 wrong PINs on one looked-up loan', () => {
  it('lock that pair (agent, loan) for 15 minutes from every address; the same agent on another loan authorises', async () => {
    for (let i = 0; i < 4; i++) expectProblem(await wrong('10.0.0.1'), 401, BAD_CREDENTIAL);
    // The 5th is answered with the lock and the time it opens (12:15:30 → 12:16), Retry-After 900 s.
    expectLocked(await wrong('10.0.0.1'), '12:16', 900);
    clock += 5 * MIN;
    expectLocked(await right('10.0.0.2'), '12:16', 600);
    expectLocked(await right('10.0.0.3', second), '12:16');
    // The agent's other loan: from another address it works; from the guessing address the per-address
    // limit (5 wrong PINs of that number there) holds it too.
    const elsewhere = await payOther(world.agent.pin, '10.0.0.2');
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    expectLocked(await payOther(world.agent.pin, '10.0.0.1'), '12:16');

    expect(await pinLocks(await tokenOf(world.admin)).then((r) => r.json().data)).toEqual([
      {
        userId: world.agent.id,
        num: world.agent.num,
        name: 'Ana',
        lastName: 'Agente',
        lockedUntil: new Date(T0 + 15 * MIN).toISOString(),
        loans: 1,
        addresses: 1,
        burst: null,
      },
    ]);
    expect(await audit('pin_burst')).toEqual([]);
    // 15 minutes after the lock, the pair works again (on either instance).
    clock = T0 + 15 * MIN;
    const fromA = await right('10.0.0.1', second);
    expect(fromA.statusCode, fromA.body).toBe(201);
    expect(await paymentCount()).toBe(2);
  });

  it('are not counted while locked', async () => {
    for (let i = 0; i < 5; i++) await wrong(`10.0.1.${i}`);
    for (let i = 0; i < 10; i++) expectLocked(await wrong('10.0.1.9'), '12:16');
    const pair = (await counters()).find((row) => row.scope === `loan:${loanId}`);
    expect(pair?.failed_count).toBe(5);
    expect((await counters()).find((row) => row.scope === '*')?.failed_count).toBe(5);
  });
});

describe('the per-address limit', () => {
  it('stops one address walking many pairs: 5 wrong PINs of one number there over 3 loans lock it there only', async () => {
    const third = await secondCustomer(context, world.admin, {
      name: 'Tercera',
      phone: '5511112222',
      agentId: world.agent.id,
    });
    const thirdLoan = await activeLoan(context, world.admin, third.id);
    const onThird = async (pin: string, address: string) =>
      publicApi(first).pay(
        thirdLoan.loan.id,
        [jsonPart({ scheduledPaymentIds: [thirdLoan.schedule[0]?.id ?? ''], paymentMethod: 0 as never })],
        [world.agent.num, pin],
        address,
        { 'x-lookup-proof': await lookup(address, thirdLoan.loan.num, '5511112222') },
      );
    expectProblem(await wrong('10.3.0.1'), 401, BAD_CREDENTIAL);
    expectProblem(await wrong('10.3.0.1'), 401, BAD_CREDENTIAL);
    expectProblem(await payOther('0000', '10.3.0.1'), 401, BAD_CREDENTIAL);
    expectProblem(await payOther('0000', '10.3.0.1'), 401, BAD_CREDENTIAL);
    expectLocked(await onThird('0000', '10.3.0.1'), '12:16', 900);
    // No pair reached 5; the number is locked for that address on every loan, even the right PIN.
    expectLocked(await right('10.3.0.1'), '12:16');
    expectLocked(await onThird(world.agent.pin, '10.3.0.1'), '12:16');
    // Any other address authorises on the same loans.
    expect((await right('10.3.0.2')).statusCode).toBe(201);
    expect((await onThird(world.agent.pin, '10.3.0.2')).statusCode).toBe(201);
  });
});

describe('a burst of wrong PINs against one number', () => {
  it('20 within an hour from 4 addresses: one audit entry, a badge in the users list, the agent never locked; unlocking ends the report', async () => {
    // A guesser keeping to the pair limit: 5 wrong PINs every 15 minutes, each round from a new address.
    for (let round = 0; round < 4; round++) {
      clock = T0 + round * 15 * MIN;
      for (let i = 0; i < 5; i++) {
        const reply = await wrong(`10.4.0.${round}`, round % 2 ? second : first);
        expect(reply.statusCode).toBe(i < 4 ? 401 : 423);
      }
    }
    // 5 more a few minutes later on the other loan: still the one report of this window.
    clock = T0 + 50 * MIN;
    for (let i = 0; i < 4; i++) expectProblem(await payOther('0000', `10.4.1.${i}`), 401, BAD_CREDENTIAL);
    const reported = {
      num: world.agent.num,
      failedAttempts: 20,
      since: new Date(T0).toISOString(),
      at: new Date(T0 + 45 * MIN).toISOString(),
      addresses: 4,
      loans: 1,
    };
    expect(await audit('pin_burst')).toEqual([
      { user_id: null, entity: 'user', entity_id: world.agent.id, before: null, after: reported },
    ]);
    const { num: _num, ...badge } = reported;
    expect(await bursts()).toEqual({ [world.admin.num]: null, [world.agent.num]: badge });
    // The agent authorises on the other loan from a new address while the burst goes on.
    const honest = await payOther(world.agent.pin, '10.4.2.1');
    expect(honest.statusCode, honest.body).toBe(201);
    // Agents do not read the users list.
    const asAgent = await request(first, {
      method: 'GET',
      url: '/api/v1/users',
      token: await tokenOf(world.agent),
    });
    expectProblem(asAgent, 403);

    const unlocked = await unlock(await tokenOf(world.admin), world.agent.id);
    expect(unlocked.json().data).toEqual({ userId: world.agent.id, num: world.agent.num, wasLocked: true });
    expect(await bursts()).toEqual({ [world.admin.num]: null, [world.agent.num]: null });
    expect((await pinLocks(await tokenOf(world.admin))).json().data).toEqual([]);
    expect((await right('10.4.0.3')).statusCode).toBe(201);
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
    expectProblem(await pinLocks(await tokenOf(world.agent)), 403);
    expectProblem(await unlock(await tokenOf(world.agent), world.agent.id), 403);
  });

  it('opens a locked pair at once, audited with the administrator', async () => {
    for (let i = 0; i < 5; i++) await wrong(`10.7.0.${i}`);
    expectLocked(await right('10.7.1.1'), '12:16');
    expect((await unlock(await tokenOf(world.admin), world.agent.id)).json().data.wasLocked).toBe(true);
    expect(await audit('pin_unlocked')).toEqual([
      {
        user_id: world.admin.id,
        entity: 'user',
        entity_id: world.agent.id,
        before: { num: world.agent.num, lockedLoans: 1, lockedAddresses: 0, failedAttempts: 5, burst: null },
        after: null,
      },
    ]);
    expect((await right('10.7.1.1')).statusCode).toBe(201);
  });
});

describe('who may authorise', () => {
  it("another agent's right PIN is refused (403) before it is evaluated and not counted; the customer's agent and an administrator may", async () => {
    const otherAgent = await createUserAndLogin(context, { name: 'Otro', lastName: 'Agente' });
    const refused = await pay(otherAgent.pin, '10.8.0.1', first, otherAgent);
    expectProblem(refused, 403, NOT_ASSIGNED);
    expectProblem(await pay('0000', '10.8.0.1', first, otherAgent), 403, NOT_ASSIGNED);
    expect(await paymentCount()).toBe(0);
    expect(await counters()).toEqual([]);
    expect((await pay(world.admin.pin, '10.8.0.1', first, world.admin)).statusCode).toBe(201);
    expect((await right('10.8.0.1')).statusCode).toBe(201);
  });
});

describe('client addresses that a trusting proxy passes on as sent', () => {
  it("'*', 'loan:…' or a long text in X-Forwarded-For is an address like any other: 401, not a 500", async () => {
    const proxied = await buildApp({
      config: testConfig({ trustProxy: true }),
      database: context.database,
      logger: false,
      now,
    });
    try {
      const proof = await lookup('10.9.0.1');
      for (const forwarded of ['*', `loan:${loanId}`, 'x'.repeat(500)]) {
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
            'x-lookup-proof': proof,
          },
        });
        expectProblem(reply, 401, BAD_CREDENTIAL);
      }
      const scopes = await counters();
      // Three failures on the pair and the burst count; each address its own prefixed, bounded counter.
      expect(scopes.find((row) => row.scope === '*')?.failed_count).toBe(3);
      expect(scopes.find((row) => row.scope === `loan:${loanId}`)?.failed_count).toBe(3);
      expect(scopes.filter((row) => row.scope.startsWith('ip:'))).toHaveLength(3);
      expect(scopes).toHaveLength(5);
      expect(scopes.every((row) => row.scope.length <= 67)).toBe(true);
    } finally {
      await proxied.close();
    }
  });
});
