import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createAdmin, createUserAndLogin, expectProblem, testConfig } from '../support/app.ts';
import { filePart, filesUnder, fixture, jsonPart, type Part } from '../support/builders.ts';
import { NOT_ASSIGNED, publicApi, TOO_MANY } from '../support/public-api.ts';
import { expectLocked, expectRefused, usePublicPaymentWorld } from '../support/public-payment-world.ts';
import { storedFiles } from '../support/stored-files.ts';

const { api, asAgent, cash, context, dataDir, ids, loan, lockoutOf, paymentRows, world } =
  usePublicPaymentWorld();

describe('the agent credential', () => {
  it('every refusal of a possible credential is the same 401: missing, malformed, wrong PIN', async () => {
    const responses = [
      await api().pay(loan.id, cash()),
      await api().pay(loan.id, cash(), 'Basic'),
      await api().pay(loan.id, cash(), 'Basic !!!'),
      await api().pay(loan.id, cash(), `Bearer ${world.agent.token}`),
      await api().pay(loan.id, cash(), `Basic ${Buffer.from(`${world.agent.num}`).toString('base64')}`),
      await api().pay(loan.id, cash(), asAgent(world.agent, '9999')),
    ];
    for (const response of responses) await expectRefused(response);
    expect(new Set(responses.map((r) => r.body)).size).toBe(1);
    expect(await paymentRows()).toEqual([]);
    // Only the wrong PIN of the loan's agent is counted (its pair and its address).
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 1, locked: false });
    expect(await lockoutOf(world.agent.num, 'ip:127.0.0.1')).toEqual({ failed_count: 1, locked: false });
  });

  it('a number that cannot authorise this loan (unknown) is 403 before the PIN, counted nowhere', async () => {
    expectProblem(await api().pay(loan.id, cash(), [99_999, '1234']), 403, NOT_ASSIGNED);
    expect(await lockoutOf(99_999)).toBeUndefined();
  });

  it('a staff session does not authorise a public payment', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: `/public/api/v1/loans/${loan.id}/payments`,
      headers: { authorization: `Bearer ${world.admin.token}` },
      payload: {},
    });
    await expectRefused(response);
  });

  it('a CANCELLED or DELAYED user, or an administrator without PIN, is 403 and not counted', async () => {
    const cancelled = await createUserAndLogin(context, { status: 'CANCELLED' });
    const delayed = await createUserAndLogin(context, { status: 'DELAYED' });
    const noPin = await createAdmin(context);
    await context.database.db.execute(sql`update users set pin_hash = null where id = ${noPin.id}`);
    for (const user of [cancelled, delayed, noPin]) {
      expectProblem(await api().pay(loan.id, cash(), asAgent(user)), 403, NOT_ASSIGNED);
      expect(await lockoutOf(user.num)).toBeUndefined();
    }
    expect(await paymentRows()).toEqual([]);
  });

  it('5 wrong PINs lock the pair (number, loan): even the right PIN is refused until the lock expires; then it works and resets', async () => {
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loan.id, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 4, locked: false });
    // The failure that locks is answered with the lock.
    expectLocked(await api().pay(loan.id, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 5, locked: true });

    const locked = await api().pay(loan.id, cash(), asAgent());
    expectLocked(locked);
    const wrong = await api().pay(loan.id, cash(), asAgent(world.agent, '0000'));
    expect(locked.body).toBe(wrong.body);
    expect(await paymentRows()).toEqual([]);
    // Another user's number is not affected.
    expect((await api().pay(loan.id, cash(), asAgent(world.admin))).statusCode).toBe(201);

    // The lock expires (simulated in the database, not by waiting).
    await context.database.db.execute(
      sql`update pin_lockouts set locked_until = now() - interval '1 second' where user_num = ${world.agent.num}`,
    );
    const afterExpiry = await api().pay(
      loan.id,
      [jsonPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 0 as never })],
      asAgent(),
    );
    expect(afterExpiry.statusCode, afterExpiry.body).toBe(201);
    expect(await lockoutOf(world.agent.num)).toBeUndefined();
  });

  it('an expired lock starts over: one wrong PIN after it counts 1, not 6', async () => {
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loan.id, cash(), asAgent(world.agent, '0000')));
    expectLocked(await api().pay(loan.id, cash(), asAgent(world.agent, '0000')));
    await context.database.db.execute(
      sql`update pin_lockouts set locked_until = now() - interval '1 second' where user_num = ${world.agent.num}`,
    );
    await expectRefused(await api().pay(loan.id, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 1, locked: false });
  });

  it('a success resets the count', async () => {
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loan.id, cash(), asAgent(world.agent, '0000')));
    expect((await api().pay(loan.id, cash(), asAgent())).statusCode).toBe(201);
    expect(await lockoutOf(world.agent.num)).toBeUndefined();
    for (let i = 0; i < 4; i++)
      await expectRefused(await api().pay(loan.id, cash(), asAgent(world.agent, '0000')));
    expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 4, locked: false });
  });

  it('the lockout lives in the database: two servers share it', async () => {
    const second: FastifyInstance = await buildApp({
      config: testConfig({ dataDir: context.dataDir }),
      database: context.database,
      logger: false,
    });
    try {
      const apps = [context.app, second];
      for (let i = 0; i < 5; i++) {
        const reply = await publicApi(apps[i % 2] as FastifyInstance).pay(
          loan.id,
          cash(),
          asAgent(world.agent, '0000'),
        );
        if (i < 4) await expectRefused(reply);
        else expectLocked(reply);
      }
      expect(await lockoutOf(world.agent.num)).toEqual({ failed_count: 5, locked: true });
      for (const app of apps) expectLocked(await publicApi(app).pay(loan.id, cash(), asAgent()));
      expect(await paymentRows()).toEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe('refused public uploads', () => {
  it('leave nothing stored, on disk or in the database: wrong PIN, locked, and a rule refusal after a valid PIN', async () => {
    const transfer = (n = 1): Part[] => [
      jsonPart({ scheduledPaymentIds: ids(n), paymentMethod: 1 as never }),
      filePart(fixture('proof.webp'), 'p.webp', 'image/webp'),
    ];
    await expectRefused(await api().pay(loan.id, transfer(), asAgent(world.agent, '0000')));
    expect(filesUnder(dataDir)).toEqual([]);
    // Skipping installment 1: refused by the rules after the credential passed and the file was read.
    expectProblem(
      await api().pay(
        loan.id,
        [
          jsonPart({ scheduledPaymentIds: ids(2).slice(1), paymentMethod: 1 as never }),
          filePart(fixture('proof.png')),
        ],
        asAgent(),
      ),
      400,
      'Debe pagar primero los pagos más antiguos',
    );
    // A file that is not an image.
    expectProblem(
      await api().pay(
        loan.id,
        [
          jsonPart({ scheduledPaymentIds: ids(1), paymentMethod: 1 as never }),
          filePart(Buffer.from('no soy una imagen')),
        ],
        asAgent(),
      ),
      415,
    );
    for (let i = 0; i < 5; i++) await api().pay(loan.id, transfer(), asAgent(world.agent, '0000'));
    expectLocked(await api().pay(loan.id, transfer(), asAgent()));
    expect(filesUnder(dataDir)).toEqual([]);
    expect(await storedFiles(context)).toEqual([]);
    expect(await paymentRows()).toEqual([]);
  });
});

describe('public payment rate limit', () => {
  it('allows 30 attempts a minute per client, then 429 (even with the right PIN)', async () => {
    for (let i = 0; i < 30; i++) {
      await expectRefused(await api().pay(loan.id, cash(), 'Basic bm9wZQ=='));
    }
    expectProblem(await api().pay(loan.id, cash(), asAgent()), 429, TOO_MANY);
    expect(await paymentRows()).toEqual([]);
    // Lookups have their own budget.
    expect((await api().search('?num=1000&phone=5512345678')).statusCode).toBe(200);
  });
});
