import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { accrueFees } from '../../src/jobs/accrual.ts';
import { paymentsApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { filePart, filesUnder, fixture, jsonPart, tempDataDir } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { feeRows } from '../support/records.ts';
import { holdRowLock } from '../support/row-lock.ts';
import { accountOf, activeLoan, expectLedger, loanOf, loanWorld, openAccount } from '../support/worlds.ts';

type Reply = { statusCode: number; body: string; headers: Record<string, unknown> };

/**
 * Races on payments and the accrual, only against PostgreSQL (DATABASE_URL): PGlite is one connection
 * and runs transactions one after another. As in the loans and bank-accounts concurrency tests, each
 * race is gated: a separate connection holds the contested row locked while the requests are fired,
 * the test waits until their transactions are seen blocked on it, and only then lets go.
 */
describe.skipIf(!process.env.DATABASE_URL)('concurrent payment operations (PostgreSQL)', () => {
  const dataDir = tempDataDir();
  const context = useTestApp({ dataDir: dataDir.dir });
  const api = paymentsApi(context);
  afterAll(() => dataDir.remove());

  /** Connections of the app's pool: at most this many requests can be inside a transaction at once. */
  const poolSize = () => (context.database.kind === 'pg' ? (context.database.client.options.max ?? 10) : 1);

  async function count(text: ReturnType<typeof sql>): Promise<number> {
    const [row] = rowsOf<{ n: number }>(await context.database.db.execute(text));
    return row?.n ?? -1;
  }

  it('fifty concurrent confirms of one payment: one succeeds, one Abono, the rest 409', async () => {
    const world = await loanWorld(context);
    const caja = await openAccount(context, world.admin, 1_000, 'Caja');
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const payment = await api.registerOk(world.agent.token, loan.id, [
      jsonPart({ scheduledPaymentIds: schedule.slice(0, 3).map((p) => p.id), paymentMethod: 'CASH' }),
    ]);

    const gate = await holdRowLock(context.database, 'payments', payment.id);
    const burst = Promise.all(
      Array.from(
        { length: 50 },
        (): Promise<Reply> =>
          api.decide(world.admin.token, payment.id, { status: 'PAID', targetAccountId: caja.id }),
      ),
    );
    const expected = Math.min(50, poolSize());
    const blocked = await gate.waitForBlocked(expected);
    await gate.release();
    const replies = await burst;
    expect(blocked).toBeGreaterThanOrEqual(expected);

    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(49);
    for (const reply of refused) {
      expectProblem(reply, 409, 'Solo se puede confirmar o rechazar un pago en validación');
    }
    expect(
      await count(
        sql`select count(*)::int as n from account_transactions where operation_type = 'PAYMENT_DEPOSIT'`,
      ),
    ).toBe(1);
    expect(await accountOf(context, world.admin, caja.id)).toMatchObject({
      balance: 4_000,
      realBalance: 4_000,
    });
    expect(await loanOf(context, world.admin, loan.id)).toMatchObject({
      currentBalance: 9_000,
      status: 'ACTIVE',
    });
    await expectLedger(context);
  });

  it('the same payment registered twice at once: one 201, one 409, one stored image', async () => {
    const world = await loanWorld(context);
    const { loan, schedule } = await activeLoan(context, world.admin, world.customer.id);
    const parts = () => [
      jsonPart({ scheduledPaymentIds: schedule.slice(0, 2).map((p) => p.id), paymentMethod: 'TRANSFER' }),
      filePart(fixture('proof.png')),
    ];

    const gate = await holdRowLock(context.database, 'loans', loan.id);
    const burst = Promise.all([
      api.register(world.agent.token, loan.id, parts()),
      api.register(world.admin.token, loan.id, parts()),
    ]);
    const blocked = await gate.waitForBlocked(2);
    await gate.release();
    const replies = await burst;
    expect(blocked).toBeGreaterThanOrEqual(2);

    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = replies.find((r) => r.statusCode === 409);
    if (loser) expectProblem(loser, 409, 'Alguno de los conceptos ya fue pagado o está en validación');
    expect(await count(sql`select count(*)::int as n from payments`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from payment_items`)).toBe(2);
    expect(await count(sql`select count(*)::int as n from payment_attachments`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from stored_files`)).toBe(1);
    expect(filesUnder(dataDir.dir)).toEqual([]);
  });

  it('the accrual started twice at once runs once: the second finds the lock taken', async () => {
    const world = await loanWorld(context);
    const T = businessToday();
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    const run = () =>
      accrueFees(context.database.db, { throughDate: addDays(T, 37), timeZone: 'America/Mexico_City' });

    // The first run takes the advisory lock, then waits on the loan row held here.
    const gate = await holdRowLock(context.database, 'loans', loan.id);
    const first = run();
    const blocked = await gate.waitForBlocked(1);
    expect(blocked).toBeGreaterThanOrEqual(1);
    const second = await run();
    expect(second).toEqual({ status: 'skipped', feesCreated: 0, installmentsDelayed: 0, loansUpdated: 0 });
    await gate.release();
    expect(await first).toEqual({ status: 'done', feesCreated: 67, installmentsDelayed: 5, loansUpdated: 1 });

    // Several at once after that: each either skips or finds nothing to do; no duplicate fee.
    const results = await Promise.all(Array.from({ length: 5 }, run));
    expect(results.every((r) => r.feesCreated === 0)).toBe(true);
    const fees = await feeRows(context, loan.id);
    expect(fees).toHaveLength(67);
    expect(new Set(fees.map((f) => `${f.scheduled_payment_id}:${f.fee_date}`)).size).toBe(67);
  });
});
