import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { PAYMENT_RULE_MESSAGES } from '../../src/domain/payment-rules.ts';
import { loansApi, paymentsApi } from '../support/api.ts';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  type TestUser,
  testConfig,
  useTestApp,
} from '../support/app.ts';
import {
  filePart,
  filesUnder,
  fixture,
  jsonPart,
  type Part,
  tempDataDir,
  textPart,
} from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { BAD_CREDENTIAL, PIN_LOCKED, publicApi, TOO_MANY } from '../support/public-api.ts';
import { accrue, activeLoan, useLoanWorld } from '../support/worlds.ts';

/**
 * POST /public/api/v1/loans/{id}/payments: the staff multipart and rules, authorised by an active
 * agent's or administrator's `Basic base64(userNum:pin)`; 5 wrong PINs from one address lock the typed
 * number for that address for 15 minutes in `pin_lockouts` (shared by every server on the database);
 * one generic 401 for every refusal but a lock (423). More of the lockout: test/pin/lockout.test.ts.
 */
const dataDir = tempDataDir();
const uploads = join(dataDir.dir, 'uploads');
const context = useTestApp({ dataDir: dataDir.dir });
const api = () => publicApi(context.app);
const world = useLoanWorld(context);
let loanId: string;
let schedule: { id: string; amount: number }[];

afterAll(() => dataDir.remove());

beforeEach(async () => {
  rmSync(uploads, { recursive: true, force: true });
  const active = await activeLoan(context, world.admin, world.customer.id);
  loanId = active.loan.id;
  schedule = active.schedule;
});

const ids = (n: number) => schedule.slice(0, n).map((p) => p.id);
const cash = (n = 1): Part[] => [jsonPart({ scheduledPaymentIds: ids(n), paymentMethod: '0' as never })];
const asAgent = (user: TestUser = world.agent, pin = user.pin): [number, string] => [user.num, pin];

async function query<T>(text: ReturnType<typeof sql>) {
  return rowsOf<T>(await context.database.db.execute(text));
}
/** The counter of one client address (app.inject's default, 127.0.0.1) for the typed number. */
const lockoutOf = async (num: number, scope = '127.0.0.1') =>
  (
    await query<{ failed_count: number; locked: boolean }>(
      sql`select failed_count, coalesce(locked_until > now(), false) as locked
            from pin_lockouts where user_num = ${num} and scope = ${scope}`,
    )
  )[0];
const expectLocked = (response: { statusCode: number; headers: Record<string, unknown>; body: string }) =>
  expectProblem(response, 423, PIN_LOCKED);
const paymentRows = () =>
  query<{ id: string; status: string; channel: string; registered_by: string; payment_method: string }>(
    sql`select id, status, channel, registered_by, payment_method from payments order by created_on`,
  );

async function expectRefused(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}) {
  expectProblem(response, 401, BAD_CREDENTIAL);
}

describe('a public payment', () => {
  it('is registered VALIDATING through the PUBLIC channel with the authorising agent as registrar', async () => {
    const response = await api().pay(
      loanId,
      [jsonPart({ scheduledPaymentIds: ids(2), paymentMethod: 0 as never })],
      asAgent(),
    );
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['data', 'status']);
    expect(body.status).toBe('OK');
    expect(Object.keys(body.data).sort()).toEqual(['amount', 'id', 'status']);
    expect(body.data).toEqual({
      id: expect.any(String),
      amount: (schedule[0]?.amount ?? 0) + (schedule[1]?.amount ?? 0),
      status: 'VALIDATING',
    });
    expect(response.body).not.toContain(world.agent.id);
    expect(response.body).not.toContain(world.customer.id);

    expect(await paymentRows()).toEqual([
      {
        id: body.data.id,
        status: 'VALIDATING',
        channel: 'PUBLIC',
        registered_by: world.agent.id,
        payment_method: 'CASH',
      },
    ]);
    const items = await query<{ status: string }>(
      sql`select sp.status from payment_items pi join scheduled_payments sp on sp.id = pi.scheduled_payment_id where pi.payment_id = ${body.data.id}`,
    );
    expect(items.map((i) => i.status)).toEqual(['VALIDATING', 'VALIDATING']);
    // The staff payment details name the agent as registrar.
    const details = await paymentsApi(context).detailsOk(world.admin.token, body.data.id);
    expect(details.payment.registeredBy).toEqual({ num: world.agent.num, name: 'Ana', lastName: 'Agente' });
    expect(details.payment.amount).toBe(body.data.amount);
  });

  it('method code 1 is a TRANSFER with its proof image stored; the names and a text part work too', async () => {
    const transfer = await api().pay(
      loanId,
      [jsonPart({ scheduledPaymentIds: ids(1), paymentMethod: 1 as never }), filePart(fixture('proof.png'))],
      asAgent(),
    );
    expect(transfer.statusCode, transfer.body).toBe(201);
    const [payment] = await paymentRows();
    expect(payment).toMatchObject({ payment_method: 'TRANSFER', channel: 'PUBLIC' });
    const attachments = await query<{ content_type: string }>(
      sql`select content_type from payment_attachments where payment_id = ${transfer.json().data.id}`,
    );
    expect(attachments).toEqual([{ content_type: 'image/png' }]);
    expect(filesUnder(uploads).filter((f) => !f.startsWith('tmp'))).toHaveLength(1);
    expect(filesUnder(join(uploads, 'tmp'))).toEqual([]);

    const byName = await api().pay(
      loanId,
      [textPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 'CASH' })],
      asAgent(),
    );
    expect(byName.statusCode, byName.body).toBe(201);
    const jpeg = await api().pay(
      loanId,
      [
        jsonPart({ scheduledPaymentIds: ids(3).slice(2), paymentMethod: '1' as never }),
        filePart(fixture('proof.jpg'), 'foto.jpg', 'image/jpeg'),
      ],
      asAgent(),
    );
    expect(jpeg.statusCode, jpeg.body).toBe(201);
    expect((await paymentRows()).map((p) => p.payment_method)).toEqual(['TRANSFER', 'CASH', 'TRANSFER']);
  });

  it('refuses an unknown method code with 400 naming the field', async () => {
    const body = expectProblem(
      await api().pay(
        loanId,
        [jsonPart({ scheduledPaymentIds: ids(1), paymentMethod: '2' as never })],
        asAgent(),
      ),
      400,
    );
    expect(body.errors?.[0]?.field).toBe('paymentRequest.paymentMethod');
    expect(await paymentRows()).toEqual([]);
  });

  it('an administrator with a PIN may authorise too', async () => {
    const response = await api().pay(loanId, cash(), asAgent(world.admin));
    expect(response.statusCode, response.body).toBe(201);
    expect((await paymentRows())[0]?.registered_by).toBe(world.admin.id);
  });

  it('keeps every staff rule: all pending fees, oldest first, a repeated submit is 409, only ACTIVE/DELAYED loans', async () => {
    const T = businessToday();
    const overdue = await activeLoan(context, world.admin, await otherCustomerId(), {
      requestDate: addDays(T, -10),
    });
    await accrue(context, T);
    const fees = await paymentsApi(context).feesOk(world.admin.token, overdue.loan.id);
    expect(fees).toHaveLength(3);
    const first = overdue.schedule[0]?.id ?? '';
    const second = overdue.schedule[1]?.id ?? '';
    const pay = (body: object) => api().pay(overdue.loan.id, [jsonPart(body)], asAgent());

    expectProblem(
      await pay({ scheduledPaymentIds: [first], feeIds: [], paymentMethod: 0 }),
      400,
      PAYMENT_RULE_MESSAGES.allPendingFees,
    );
    expectProblem(
      await pay({ scheduledPaymentIds: [second], feeIds: fees.map((f) => f.id), paymentMethod: 0 }),
      400,
      PAYMENT_RULE_MESSAGES.oldestFirst,
    );
    const ok = await pay({ scheduledPaymentIds: [first], feeIds: fees.map((f) => f.id), paymentMethod: 0 });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data.amount).toBe(
      (overdue.schedule[0] as { amount: number }).amount + fees.reduce((s, f) => s + f.amount, 0),
    );
    expectProblem(
      await pay({ scheduledPaymentIds: [first], feeIds: fees.map((f) => f.id), paymentMethod: 0 }),
      409,
      PAYMENT_RULE_MESSAGES.alreadyTaken,
    );
    // A loan not yet delivered: 409; an unknown loan: 404.
    const pending = await loansApi(context).createOk(world.admin.token, await otherCustomerId('5511112222'), {
      amount: 5_000,
    });
    expectProblem(
      await api().pay(
        pending.id,
        [jsonPart({ scheduledPaymentIds: [first], paymentMethod: 0 as never })],
        asAgent(),
      ),
      409,
      PAYMENT_RULE_MESSAGES.loanNotPayable,
    );
    expectProblem(
      await api().pay('01890a5d-ac96-774b-bcce-b302099a8057', cash(), asAgent()),
      404,
      'Préstamo no encontrado',
    );
  });
});

async function otherCustomerId(phone = '5587654321') {
  const { customersApi } = await import('../support/api.ts');
  const created = await customersApi(context).createOk(world.admin.token, {
    name: 'Pedro',
    lastName: 'Ramírez',
    phone,
    agentId: world.agent.id,
  });
  return created.id;
}

describe('the agent credential', () => {
  it('every refusal is the same 401: missing, malformed, wrong PIN, unknown number', async () => {
    const responses = [
      await api().pay(loanId, cash()),
      await api().pay(loanId, cash(), 'Basic'),
      await api().pay(loanId, cash(), 'Basic !!!'),
      await api().pay(loanId, cash(), `Bearer ${world.agent.token}`),
      await api().pay(loanId, cash(), `Basic ${Buffer.from(`${world.agent.num}`).toString('base64')}`),
      await api().pay(loanId, cash(), asAgent(world.agent, '9999')),
      await api().pay(loanId, cash(), [99_999, '1234']),
    ];
    for (const response of responses) await expectRefused(response);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await paymentRows()).toEqual([]);
    // Failures are counted per typed number, whether it exists or not.
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 1, locked: false });
    expect(await lockoutOf(99_999)).toEqual({ failed_count: 1, locked: false });
  });

  it('a staff session does not authorise a public payment', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/public/api/v1/loans/${loanId}/payments`,
      headers: { authorization: `Bearer ${world.admin.token}` },
      payload: {},
    });
    await expectRefused(response);
  });

  it('a CANCELLED or DELAYED user, or one without PIN, is refused and counted like a wrong PIN', async () => {
    const cancelled = await createUserAndLogin(context, { status: 'CANCELLED' });
    const delayed = await createUserAndLogin(context, { status: 'DELAYED' });
    const noPin = await createAdmin(context);
    await context.database.db.execute(sql`update users set pin_hash = null where id = ${noPin.id}`);
    for (const user of [cancelled, delayed, noPin]) {
      await expectRefused(await api().pay(loanId, cash(), asAgent(user)));
      expect(await lockoutOf(user.num)).toEqual({ failed_count: 1, locked: false });
    }
    expect(await paymentRows()).toEqual([]);
  });

  it('5 wrong PINs lock the number: even the right PIN is refused until the lock expires; then it works and resets', async () => {
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loanId, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 4, locked: false });
    // The failure that locks is answered with the lock.
    expectLocked(await api().pay(loanId, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 5, locked: true });

    const locked = await api().pay(loanId, cash(), asAgent());
    expectLocked(locked);
    const wrong = await api().pay(loanId, cash(), asAgent(world.agent, '0000'));
    expect(locked.body).toBe(wrong.body);
    expect(await paymentRows()).toEqual([]);
    // Another user's number is not affected.
    expect((await api().pay(loanId, cash(), asAgent(world.admin))).statusCode).toBe(201);

    // The lock expires (simulated in the database, not by waiting).
    await context.database.db.execute(
      sql`update pin_lockouts set locked_until = now() - interval '1 second' where user_num = ${world.agent.num}`,
    );
    const afterExpiry = await api().pay(
      loanId,
      [jsonPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 0 as never })],
      asAgent(),
    );
    expect(afterExpiry.statusCode, afterExpiry.body).toBe(201);
    expect(await lockoutOf(world.agent.num)).toBeUndefined();
  });

  it('an expired lock starts over: one wrong PIN after it counts 1, not 6', async () => {
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loanId, cash(), asAgent(world.agent, '0000')));
    expectLocked(await api().pay(loanId, cash(), asAgent(world.agent, '0000')));
    await context.database.db.execute(
      sql`update pin_lockouts set locked_until = now() - interval '1 second' where user_num = ${world.agent.num}`,
    );
    await expectRefused(await api().pay(loanId, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 1, locked: false });
  });

  it('a success resets the count', async () => {
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loanId, cash(), asAgent(world.agent, '0000')));
    expect((await api().pay(loanId, cash(), asAgent())).statusCode).toBe(201);
    expect(await lockoutOf(world.agent.num)).toBeUndefined();
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loanId, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 4, locked: false });
  });

  it('the lockout lives in the database: two servers share it', async () => {
    const second: FastifyInstance = await buildApp({
      config: testConfig({ dataDir: dataDir.dir }),
      database: context.database,
      logger: false,
    });
    try {
      const apps = [context.app, second];
      for (let i = 0; i < 5; i++) {
        const reply = await publicApi(apps[i % 2] as FastifyInstance).pay(
          loanId,
          cash(),
          asAgent(world.agent, '0000'),
        );
        if (i < 4) await expectRefused(reply);
        else expectLocked(reply);
      }
      expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 5, locked: true });
      for (const app of apps) expectLocked(await publicApi(app).pay(loanId, cash(), asAgent()));
      expect(await paymentRows()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('refused public uploads', () => {
  it('leave no file on disk: wrong PIN, locked, and a rule refusal after a valid PIN', async () => {
    const transfer = (n = 1): Part[] => [
      jsonPart({ scheduledPaymentIds: ids(n), paymentMethod: 1 as never }),
      filePart(fixture('proof.webp'), 'p.webp', 'image/webp'),
    ];
    await expectRefused(await api().pay(loanId, transfer(), asAgent(world.agent, '0000')));
    expect(filesUnder(uploads)).toEqual([]);
    // Skipping installment 1: refused by the rules after the credential passed and the file was staged.
    expectProblem(
      await api().pay(
        loanId,
        [
          jsonPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 1 as never }),
          filePart(fixture('proof.png')),
        ],
        asAgent(),
      ),
      400,
      PAYMENT_RULE_MESSAGES.oldestFirst,
    );
    // A file that is not an image.
    expectProblem(
      await api().pay(
        loanId,
        [
          jsonPart({ scheduledPaymentIds: ids(1), paymentMethod: 1 as never }),
          filePart(Buffer.from('no soy una imagen')),
        ],
        asAgent(),
      ),
      415,
    );
    for (let i = 0; i < 5; i++) await api().pay(loanId, transfer(), asAgent(world.agent, '0000'));
    expectLocked(await api().pay(loanId, transfer(), asAgent()));
    expect(filesUnder(uploads)).toEqual([]);
    expect(await paymentRows()).toEqual([]);
  });
});

describe('public payment rate limit', () => {
  it('allows 30 attempts a minute per client, then 429 (even with the right PIN)', async () => {
    for (let i = 0; i < 30; i++) {
      await expectRefused(await api().pay(loanId, cash(), 'Basic bm9wZQ=='));
    }
    expectProblem(await api().pay(loanId, cash(), asAgent()), 429, TOO_MANY);
    expect(await paymentRows()).toEqual([]);
    // Lookups have their own budget.
    expect((await api().search('?num=1000&phone=5512345678')).statusCode).toBe(200);
  });
});
