import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { cashCloseWorld } from '../support/cash-close-world.ts';
import { rowsOf } from '../support/database.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { holdRowLock } from '../support/row-lock.ts';
import { accountOf, expectLedger } from '../support/worlds.ts';

/**
 * 'Confirmar corte' racing itself and single confirmations, only against PostgreSQL (DATABASE_URL):
 * PGlite runs one transaction at a time (confirm.test.ts covers the serial case there). Each race is
 * gated on a row held locked from another connection, as in the payments concurrency tests.
 */
describe.skipIf(!process.env.DATABASE_URL)('concurrent Confirmar corte (PostgreSQL)', () => {
  const context = useTestApp();
  const api = cashCloseApi(context);
  const payments = paymentsApi(context);

  async function abonosPerPayment(): Promise<Record<string, number>> {
    const rows = rowsOf<{ payment_id: string; n: number }>(
      await context.database.db.execute(sql`
        select payment_id, count(*)::int as n from account_transactions
         where operation_type = 'PAYMENT_DEPOSIT' group by payment_id`),
    );
    return Object.fromEntries(rows.map((row) => [row.payment_id, row.n]));
  }

  it('two at once: one confirms the day, the other nothing; one Abono per payment', async () => {
    const w = await cashCloseWorld(context);
    const { cashA, cashB, cashC, confirmedB } = w.agentDay;
    const ids = [cashA, cashB, cashC].map((p) => p.id).sort();
    const corte = { agentId: w.agent.id, date: w.today, targetAccountId: w.caja.id };

    // Both wait on the first payment of the day (by id), the first lock each of them takes.
    const gate = await holdRowLock(context.database, 'payments', ids[0] ?? '');
    const both = Promise.all([api.confirm(w.admin.token, corte), api.confirm(w.admin.token, corte)]);
    expect(await gate.waitForBlocked(2)).toBeGreaterThanOrEqual(2);
    await gate.release();
    const replies = await both;

    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);
    expect(replies.map((reply) => reply.json().data.confirmed).sort()).toEqual([0, 3]);
    expect(await abonosPerPayment()).toEqual({
      [confirmedB.id]: 1,
      ...Object.fromEntries(ids.map((id) => [id, 1])),
    });
    expect(await accountOf(context, w.admin, w.caja.id)).toMatchObject({
      balance: 9_000,
      realBalance: 9_000,
    });
    await expectLedger(context);
  });

  it('against single confirmations of its payments and of another on one of its loans: no deadlock', async () => {
    const w = await cashCloseWorld(context);
    const { cashA, cashB, cashC, confirmedB } = w.agentDay;
    const { byAdminC } = w.outside;
    const confirmInto = (id: string) =>
      payments.decide(w.admin.token, id, { status: 'PAID', targetAccountId: w.caja.id });

    // The corte locks its payments and loans, then waits on Caja; the singles then wait on what it holds
    // (its payments; loan C for the admin's payment on that loan, the corte's last).
    const gate = await holdRowLock(context.database, 'bank_accounts', w.caja.id);
    const corte = api.confirm(w.admin.token, {
      agentId: w.agent.id,
      date: w.today,
      targetAccountId: w.caja.id,
    });
    expect(await gate.waitForBlocked(1)).toBeGreaterThanOrEqual(1);
    const singles = Promise.all([cashA, cashB, cashC, byAdminC].map((p) => confirmInto(p.id)));
    expect(await gate.waitForBlocked(5)).toBeGreaterThanOrEqual(5);
    await gate.release();

    const corteReply = await corte;
    expect(corteReply.statusCode, corteReply.body).toBe(200);
    expect(corteReply.json().data).toMatchObject({ confirmed: 3, total: 4_000 });
    const [a, b, c, admins] = await singles;
    for (const reply of [a, b, c]) {
      expectProblem(
        reply ?? { statusCode: 0, headers: {}, body: '{}' },
        409,
        'Solo se puede confirmar o rechazar un pago en validación',
      );
    }
    expect(admins?.statusCode, admins?.body).toBe(200);

    expect(await abonosPerPayment()).toEqual({
      [confirmedB.id]: 1,
      [cashA.id]: 1,
      [cashB.id]: 1,
      [cashC.id]: 1,
      [byAdminC.id]: 1,
    });
    // Caja: 5,000 + the corte's 4,000 + the admin's 1,000.
    expect(await accountOf(context, w.admin, w.caja.id)).toMatchObject({
      balance: 10_000,
      realBalance: 10_000,
    });
    await expectLedger(context);
  });

  it('two closes with a count at once: exactly one wins, the other 409; one close, one Abono per payment', async () => {
    const w = await cashCloseWorld(context);
    const { cashA, cashB, cashC, confirmedB } = w.agentDay;
    const ids = [cashA, cashB, cashC].map((p) => p.id).sort();
    const close = (counted: number, note: string | null) =>
      api.close(w.admin.token, {
        agentId: w.agent.id,
        date: w.today,
        targetAccountId: w.caja.id,
        counted,
        note,
      });

    // The first to take the (agent, day) lock waits on the day's first payment; the other on that lock.
    const gate = await holdRowLock(context.database, 'payments', ids[0] ?? '');
    const both = Promise.all([close(5_000, null), close(4_900, 'Faltan 100')]);
    expect(await gate.waitForBlocked(2)).toBeGreaterThanOrEqual(2);
    await gate.release();
    const replies = await both;

    expect(replies.map((reply) => reply.statusCode).sort(), replies.map((r) => r.body).join('\n')).toEqual([
      201, 409,
    ]);
    const refused = replies.find((reply) => reply.statusCode === 409);
    expectProblem(
      refused ?? { statusCode: 0, headers: {}, body: '{}' },
      409,
      'El corte de caja de este agente y día ya está cerrado',
    );
    const closes = rowsOf<{ n: number }>(
      await context.database.db.execute(sql`select count(*)::int as n from cash_counts`),
    );
    expect(closes[0]?.n).toBe(1);
    expect(await abonosPerPayment()).toEqual({
      [confirmedB.id]: 1,
      ...Object.fromEntries(ids.map((id) => [id, 1])),
    });
    expect(await accountOf(context, w.admin, w.caja.id)).toMatchObject({
      balance: 9_000,
      realBalance: 9_000,
    });
    await expectLedger(context);
  });
});
