import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../support/app.ts';
import { filePart, fixture, jsonPart } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { usePaymentsWorld } from '../support/payments-world.ts';
import { activeLoan } from '../support/worlds.ts';

const { api, context, world } = usePaymentsWorld();

/**
 * `Idempotency-Key` on POST /loans/{id}/payments: a double click or a retry after a lost reply gets the
 * first reply (201, the same payment), never a 409 and never a second payment.
 */
const KEY = 'b9c1a3e4-5f60-4d7e-8a9b-0c1d2e3f4a5b';
const withKey = (key = KEY) => ({ 'idempotency-key': key });

async function paymentCount(loanId: string): Promise<number> {
  const result = await context.database.db.execute(
    sql`select count(*)::int as n from payments where loan_id = ${loanId}`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? -1;
}

async function loanWithSchedule() {
  const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
  const first = [jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'CASH' })];
  return { loan, schedule, first };
}

describe('an idempotent payment registration', () => {
  it('answers a repeat of the same key with the same payment and records one payment', async () => {
    const { loan, first } = await loanWithSchedule();
    const one = await api.register(world.agent.token, loan.id, first, withKey());
    const two = await api.register(world.agent.token, loan.id, first, withKey());
    expect(one.statusCode, one.body).toBe(201);
    expect(two.statusCode, two.body).toBe(201);
    expect(two.json()).toEqual(one.json());
    expect(await paymentCount(loan.id)).toBe(1);
  });

  it('answers concurrent duplicates with one payment, both 201', async () => {
    const { loan, first } = await loanWithSchedule();
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => api.register(world.agent.token, loan.id, first, withKey())),
    );
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(201);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await paymentCount(loan.id)).toBe(1);
  });

  it('refuses the same key with another request with 422', async () => {
    const { loan, schedule, first } = await loanWithSchedule();
    expect((await api.register(world.agent.token, loan.id, first, withKey())).statusCode).toBe(201);
    const other = [jsonPart({ scheduledPaymentIds: [schedule[1]?.id ?? ''], paymentMethod: 'CASH' })];
    const body = expectProblem(
      await api.register(world.agent.token, loan.id, other, withKey()),
      422,
      'idempotency-key: Esta clave de idempotencia ya se usó con otra solicitud; envíe una clave nueva para este pago',
    );
    expect(body.errors).toEqual([{ field: 'idempotency-key', message: expect.any(String) }]);
    expect(await paymentCount(loan.id)).toBe(1);
  });

  it('tells a different proof image apart from the same one', async () => {
    const { loan, schedule } = await loanWithSchedule();
    const transfer = (image: Buffer) => [
      jsonPart({ scheduledPaymentIds: [schedule[0]?.id ?? ''], paymentMethod: 'TRANSFER' }),
      filePart(image),
    ];
    const png = fixture('proof.png');
    expect((await api.register(world.agent.token, loan.id, transfer(png), withKey())).statusCode).toBe(201);
    expect((await api.register(world.agent.token, loan.id, transfer(png), withKey())).statusCode).toBe(201);
    // Another picture: the stored copy is re-encoded, so bytes that decode to the same picture would
    // be the same proof.
    expectProblem(
      await api.register(world.agent.token, loan.id, transfer(fixture('proof.jpg')), withKey()),
      422,
    );
    expect(await paymentCount(loan.id)).toBe(1);
  });

  it('keeps each user’s keys apart: another user with the same key is a new request', async () => {
    const { loan, first } = await loanWithSchedule();
    expect((await api.register(world.agent.token, loan.id, first, withKey())).statusCode).toBe(201);
    // The admin's repeat is not a replay of the agent's: the installment is taken → 409.
    expectProblem(await api.register(world.admin.token, loan.id, first, withKey()), 409);
  });

  it('ignores a key older than 24 hours', async () => {
    const { loan, schedule, first } = await loanWithSchedule();
    expect((await api.register(world.agent.token, loan.id, first, withKey())).statusCode).toBe(201);
    await context.database.db.execute(
      sql`update idempotency_keys set created_on = now() - interval '25 hours'`,
    );
    const next = [jsonPart({ scheduledPaymentIds: [schedule[1]?.id ?? ''], paymentMethod: 'CASH' })];
    expect((await api.register(world.agent.token, loan.id, next, withKey())).statusCode).toBe(201);
    expect(await paymentCount(loan.id)).toBe(2);
  });

  it('refuses a malformed key with 400 naming the header', async () => {
    const { loan, first } = await loanWithSchedule();
    for (const key of ['short', 'x'.repeat(101), 'has space in it', 'ñandú-1234']) {
      expectProblem(
        await api.register(world.agent.token, loan.id, first, withKey(key)),
        400,
        'idempotency-key: Debe tener de 8 a 100 letras, dígitos, "-" o "_"',
      );
    }
    expect(await paymentCount(loan.id)).toBe(0);
  });

  it('does not keep the key of a refused registration', async () => {
    const { loan, schedule } = await loanWithSchedule();
    const second = [jsonPart({ scheduledPaymentIds: [schedule[1]?.id ?? ''], paymentMethod: 'CASH' })];
    expectProblem(await api.register(world.agent.token, loan.id, second, withKey()), 400);
    const rows = rowsOf(await context.database.db.execute(sql`select 1 from idempotency_keys`));
    expect(rows).toEqual([]);
  });
});
