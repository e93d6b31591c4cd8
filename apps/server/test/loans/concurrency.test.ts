import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customersApi, loansApi } from '../support/api.ts';
import { expectProblem, useTestApp } from '../support/app.ts';
import { rowsOf } from '../support/database.ts';
import { holdRowLock } from '../support/row-lock.ts';
import { accountOf, expectLedger, ledgerOf, loanWorld, openAccount } from '../support/worlds.ts';

type Reply = { statusCode: number; body: string; headers: Record<string, unknown> };

/**
 * Races on loans, only against PostgreSQL (DATABASE_URL): PGlite is one connection and runs
 * transactions one after another. As in test/bank-accounts/concurrency.test.ts, each race is "gated":
 * a separate connection holds the contested row locked while the requests are fired, the test waits
 * until their transactions are seen blocked on it, and only then lets go, so the requests provably
 * overlap instead of happening to run one after the other.
 */
describe.skipIf(!process.env.DATABASE_URL)('concurrent loan operations (PostgreSQL)', () => {
  const context = useTestApp();
  const api = loansApi(context);

  /** Fires `calls` while `table`/`id` is held locked; lets go once all of them wait on it. */
  async function race(
    table: 'loans' | 'bank_accounts' | 'customers',
    id: string,
    calls: (() => Promise<Reply>)[],
  ) {
    const gate = await holdRowLock(context.database, table, id);
    const burst = Promise.all(calls.map((call) => call()));
    const blocked = await gate.waitForBlocked(calls.length);
    await gate.release();
    expect(blocked).toBeGreaterThanOrEqual(calls.length);
    return burst;
  }

  const split = (replies: Reply[], okStatus = 200) => ({
    ok: replies.filter((r) => r.statusCode === okStatus),
    refused: replies.filter((r) => r.statusCode !== okStatus),
  });

  /** A $10,000 loan requested by the world's agent and approved from a $50,000 account. */
  async function approvedLoan() {
    const { admin, agent, customer } = await loanWorld(context);
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(agent.token, customer.id, { amount: 10_000 });
    await api.approveOk(admin.token, loan.id, account.id);
    return { admin, account, loan };
  }

  async function countRows(query: ReturnType<typeof sql>): Promise<number> {
    return rowsOf<{ n: number }>(await context.database.db.execute(query))[0]?.n ?? -1;
  }

  it('two loans approved at once from an account that covers only one: exactly one succeeds', async () => {
    const { admin, agent, customer } = await loanWorld(context);
    const other = await customersApi(context).createOk(agent.token, { name: 'Beto', phone: '5500000000' });
    const account = await openAccount(context, admin, 15_000);
    const first = await api.createOk(agent.token, customer.id, { amount: 10_000 });
    const second = await api.createOk(agent.token, other.id, { amount: 10_000 });

    const replies = await race('bank_accounts', account.id, [
      () => api.approve(admin.token, first.id, { bankAccountId: account.id }),
      () => api.approve(admin.token, second.id, { bankAccountId: account.id }),
    ]);
    const { ok, refused } = split(replies);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expectProblem(
      refused[0] as Reply,
      409,
      'Saldo insuficiente en la cuenta para aprobar el préstamo: disponible $5,000.00',
    );

    const statuses = [
      (await api.get(admin.token, first.id)).json().data.status,
      (await api.get(admin.token, second.id)).json().data.status,
    ].sort();
    expect(statuses).toEqual(['APPROVED', 'PENDING']);
    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 5_000,
      realBalance: 15_000,
    });
    expect((await ledgerOf(context, admin, account.id)).map((t) => t.operationType)).toEqual([
      'DEPOSIT',
      'VIRTUAL_WITHDRAWAL',
    ]);
    expect(await expectLedger(context)).toBe(2);
  });

  it('the same loan approved twice at once: one 200, one 409, one Reserva', async () => {
    const { admin, agent, customer } = await loanWorld(context);
    const account = await openAccount(context, admin, 50_000);
    const loan = await api.createOk(agent.token, customer.id, { amount: 10_000 });

    const replies = await race('loans', loan.id, [
      () => api.approve(admin.token, loan.id, { bankAccountId: account.id }),
      () => api.approve(admin.token, loan.id, { bankAccountId: account.id }),
    ]);
    const { ok, refused } = split(replies);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expectProblem(refused[0] as Reply, 409, 'Solo se puede aprobar un préstamo en espera');

    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 40_000,
      realBalance: 50_000,
    });
    const reservations = (await ledgerOf(context, admin, account.id)).filter(
      (t) => t.operationType === 'VIRTUAL_WITHDRAWAL',
    );
    expect(reservations).toHaveLength(1);
    expect(
      await countRows(
        sql`select count(*)::int as n from audit_log where entity = 'loan' and action = 'approved'`,
      ),
    ).toBe(1);
    expect(await expectLedger(context)).toBe(2);
  });

  it('the same loan delivered twice at once: one 200, one 409, one Entrega and 12 installments', async () => {
    const { admin, account, loan } = await approvedLoan();

    const replies = await race('loans', loan.id, [
      () => api.activate(admin.token, loan.id),
      () => api.activate(admin.token, loan.id),
    ]);
    const { ok, refused } = split(replies);
    expect(ok).toHaveLength(1);
    expectProblem(refused[0] as Reply, 409, 'Solo se puede entregar un préstamo aprobado');

    expect(await accountOf(context, admin, account.id)).toMatchObject({
      balance: 40_000,
      realBalance: 40_000,
    });
    expect((await ledgerOf(context, admin, account.id)).map((t) => t.operationType)).toEqual([
      'DEPOSIT',
      'VIRTUAL_WITHDRAWAL',
      'WITHDRAWAL',
    ]);
    expect((await api.scheduleOk(admin.token, loan.id)).length).toBe(12);
    expect(await expectLedger(context)).toBe(3);
  });

  it('cancelling and delivering an approved loan at once: one wins, the money follows the winner', async () => {
    const { admin, account, loan } = await approvedLoan();

    const replies = await race('loans', loan.id, [
      () => api.activate(admin.token, loan.id),
      () => api.update(admin.token, loan.id, { status: 'CANCELLED' }),
    ]);
    const { ok, refused } = split(replies);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expect(refused[0]?.statusCode).toBe(409);

    const final = (await api.get(admin.token, loan.id)).json().data;
    const types = (await ledgerOf(context, admin, account.id)).map((t) => t.operationType);
    if (final.status === 'ACTIVE') {
      expect(types).toEqual(['DEPOSIT', 'VIRTUAL_WITHDRAWAL', 'WITHDRAWAL']);
      expect(await accountOf(context, admin, account.id)).toMatchObject({
        balance: 40_000,
        realBalance: 40_000,
      });
    } else {
      expect(final.status).toBe('CANCELLED');
      expect(types).toEqual(['DEPOSIT', 'VIRTUAL_WITHDRAWAL', 'RELEASE']);
      expect(await accountOf(context, admin, account.id)).toMatchObject({
        balance: 50_000,
        realBalance: 50_000,
      });
      expect((await api.scheduleOk(admin.token, loan.id)).length).toBe(0);
    }
    expect(await expectLedger(context)).toBe(3);
  });

  it('two requests for one customer at once: one 201, one 409', async () => {
    const { agent, customer } = await loanWorld(context);
    const replies = await race('customers', customer.id, [
      () => api.create(agent.token, customer.id, { amount: 1_000 }),
      () => api.create(agent.token, customer.id, { amount: 2_000 }),
    ]);
    const { ok, refused } = split(replies, 201);
    expect(ok).toHaveLength(1);
    expectProblem(refused[0] as Reply, 409, 'El cliente ya tiene un préstamo en curso');
    expect(await countRows(sql`select count(*)::int as n from loans`)).toBe(1);
  });
});
