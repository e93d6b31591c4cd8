import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { bankAccountsApi, customersApi } from '../support/api.ts';
import { expectProblem, request, type TestUser, useTestApp } from '../support/app.ts';
import { jsonPart, multipart, type Part } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { BAD_CREDENTIAL, publicApi } from '../support/public-api.ts';
import { activeLoan, loanWorld, openAccount } from '../support/worlds.ts';
import { gated as gatedBurst, useSecondApp } from './support/concurrency.ts';

type Reply = { statusCode: number; body: string; headers: Record<string, unknown> };

/**
 * Money under real concurrency, only against PostgreSQL (DATABASE_URL; PGlite is one
 * connection and runs transactions one after another). Two in-process apps share the test database,
 * each with its own node-postgres pool of 10 connections, so up to 20 transactions run at once. Each
 * burst is gated: a separate connection holds the contested row(s) locked while the requests are fired,
 * the test waits until every connection of both pools is seen blocked, and only then lets go — the
 * requests provably overlap instead of happening to run one after the other. After each test both
 * invariants hold over the whole database (test/bank-accounts/ledger-invariant.ts, loan-invariant.ts).
 */
describe.skipIf(!process.env.DATABASE_URL)('reliability: concurrent money operations (PostgreSQL)', () => {
  const context = useTestApp();
  const { second, appFor } = useSecondApp(context);
  /** Connections of both pools: that many transactions can wait on the gate at once. */
  const CONNECTIONS = 20;

  async function expectInvariants() {
    await expectLedgerInvariant(context.database.db);
    return expectLoanInvariant(context.database.db);
  }

  async function count(query: ReturnType<typeof sql>): Promise<number> {
    return rowsOf<{ n: number }>(await context.database.db.execute(query))[0]?.n ?? -1;
  }

  const gated = <T>(rows: { table: string; id: string }[], blocked: number, calls: (() => Promise<T>)[]) =>
    gatedBurst(context.database, rows, blocked, calls);

  const patch = (app: FastifyInstance, token: string, url: string, payload: unknown) =>
    request(app, { method: 'PATCH', url: `/api/v1${url}`, token, payload: payload as object });
  const put = (app: FastifyInstance, token: string, url: string, payload: unknown) =>
    request(app, { method: 'PUT', url: `/api/v1${url}`, token, payload: payload as object });

  function registerPayment(app: FastifyInstance, token: string, loanId: string, parts: Part[]) {
    const { payload, headers } = multipart(parts);
    return request(app, { method: 'POST', url: `/api/v1/loans/${loanId}/payments`, token, payload, headers });
  }

  /** `n` customers of the agent, each with a delivered loan of 10,000 from `accountId`. */
  async function deliveredLoans(admin: TestUser, agent: TestUser, accountId: string, n: number) {
    return Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const customer = await customersApi(context).createOk(agent.token, {
          name: `Cliente ${i}`,
          phone: String(5_500_000_000 + i),
        });
        return activeLoan(context, admin, customer.id, { amount: 10_000, accountId });
      }),
    );
  }

  it('200 concurrent confirms over 20 payments, into two accounts: exactly 20 Abonos and 20 PAID', async () => {
    const { admin, agent } = await loanWorld(context);
    const funding = await openAccount(context, admin, 200_000, 'Fondeo');
    const caja = await openAccount(context, admin, 1_000, 'Caja');
    const banco = await openAccount(context, admin, 1_000, 'Banco');
    const loans = await deliveredLoans(admin, agent, funding.id, 20);
    // Payment k covers the first (k mod 3) + 1 installments of loan k: amounts of 1,000 to 3,000.
    const registered: { id: string; amount: number }[] = [];
    for (const [k, { loan, schedule }] of loans.entries()) {
      const ids = schedule.slice(0, (k % 3) + 1).map((p) => p.id);
      const reply = await registerPayment(context.app, agent.token, loan.id, [
        jsonPart({ scheduledPaymentIds: ids, paymentMethod: 'CASH' }),
      ]);
      expect(reply.statusCode, reply.body).toBe(201);
      registered.push(reply.json().data as { id: string; amount: number });
    }
    const expectedTotal = registered.reduce((total, p) => total + p.amount, 0);

    // Ten confirms per payment, shuffled by the index, half into Caja and half into Banco.
    const calls = Array.from({ length: 200 }, (_, i) => {
      const payment = registered[(i * 7) % 20] as { id: string };
      const target = i % 4 < 2 ? caja.id : banco.id;
      return () =>
        patch(appFor(i), admin.token, `/payments/${payment.id}`, { status: 'PAID', targetAccountId: target });
    });
    const replies = await gated(
      [
        { table: 'bank_accounts', id: caja.id },
        { table: 'bank_accounts', id: banco.id },
      ],
      CONNECTIONS,
      calls,
    );

    const ok = replies.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(20);
    expect(new Set(ok.map((r) => JSON.parse(r.body).data.id)).size).toBe(20);
    for (const reply of replies.filter((r) => r.statusCode !== 200)) {
      expectProblem(reply, 409, 'Solo se puede confirmar o rechazar un pago en validación');
    }
    expect(await count(sql`select count(*)::int as n from payments where status = 'PAID'`)).toBe(20);
    expect(
      await count(
        sql`select count(*)::int as n from account_transactions where operation_type = 'PAYMENT_DEPOSIT'`,
      ),
    ).toBe(20);
    const balances = await Promise.all(
      [caja.id, banco.id].map(
        async (id) => (await bankAccountsApi(context.app).get(admin.token, id)).json().data,
      ),
    );
    // Both accounts together received exactly the 20 payments once.
    expect(balances.reduce((total, a) => total + a.balance, 0)).toBe(2_000 + expectedTotal);
    expect(balances.reduce((total, a) => total + a.realBalance, 0)).toBe(2_000 + expectedTotal);

    const summary = await expectInvariants();
    expect(summary.payments).toEqual({ VALIDATING: 0, PAID: 20, REJECTED: 0 });
  }, 120_000);

  it('100 concurrent withdrawals on one account: never below zero, accepted × amount = opening − final', async () => {
    const { admin } = await loanWorld(context);
    const account = await openAccount(context, admin, 5_000, 'Caja chica');
    const replies = await gated(
      [{ table: 'bank_accounts', id: account.id }],
      CONNECTIONS,
      Array.from(
        { length: 100 },
        (_, i) => () =>
          patch(appFor(i), admin.token, `/bank-accounts/${account.id}`, {
            withdrawal: 75,
            reason: `Retiro concurrente ${i}`,
          }),
      ),
    );

    const accepted = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode !== 200);
    // Every refusal saw the balance after the last possible withdrawal: 5,000 − 66 × 75 = 50.
    for (const reply of refused) expectProblem(reply, 409, 'Saldo insuficiente: disponible $50.00');
    const final = (await bankAccountsApi(context.app).get(admin.token, account.id)).json().data;
    expect(final).toMatchObject({ balance: 50, realBalance: 50 });
    expect(accepted.length * 75).toBe(5_000 - final.balance);
    expect(accepted).toHaveLength(66);
    // Each accepted reply saw a distinct balance: 4,925, 4,850, … 50 — one step at a time, none lost.
    const seen = accepted.map((r) => JSON.parse(r.body).data.balance).sort((a: number, b: number) => b - a);
    expect(seen).toEqual(Array.from({ length: 66 }, (_, k) => 5_000 - 75 * (k + 1)));
    expect(
      await count(
        sql`select count(*)::int as n from account_transactions where account_id = ${account.id} and end_balance_cents < 0`,
      ),
    ).toBe(0);
    expect(await expectLedgerInvariant(context.database.db)).toBe(67);
    await expectLoanInvariant(context.database.db);
  }, 60_000);

  it('two loans approved at once from an account that covers only one: exactly one succeeds', async () => {
    const { admin, agent, customer } = await loanWorld(context);
    const other = await customersApi(context).createOk(agent.token, { name: 'Beto', phone: '5500000000' });
    const account = await openAccount(context, admin, 15_000, 'Fondeo');
    const loanA = await loansOf(agent, [customer.id, other.id]);

    const replies = await gated(
      [{ table: 'bank_accounts', id: account.id }],
      2,
      loanA.map(
        (id, i) => () => put(appFor(i), admin.token, `/loans/${id}/approve`, { bankAccountId: account.id }),
      ),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expectProblem(
      replies.find((r) => r.statusCode === 409) as Reply,
      409,
      'Saldo insuficiente en la cuenta para aprobar el préstamo: disponible $5,000.00',
    );
    expect(await count(sql`select count(*)::int as n from loans where status = 'APPROVED'`)).toBe(1);
    expect((await bankAccountsApi(context.app).get(admin.token, account.id)).json().data).toMatchObject({
      balance: 5_000,
      realBalance: 15_000,
    });
    await expectLedgerInvariant(context.database.db);
    expect((await expectLoanInvariant(context.database.db)).loans).toBe(2);
  }, 60_000);

  it('twenty loans approved at once from an account that covers three: exactly three succeed', async () => {
    const { admin, agent } = await loanWorld(context);
    const account = await openAccount(context, admin, 35_000, 'Fondeo');
    const customers = await Promise.all(
      Array.from(
        { length: 20 },
        async (_, i) =>
          (
            await customersApi(context).createOk(agent.token, {
              name: `Cliente ${i}`,
              phone: String(5_500_000_100 + i),
            })
          ).id,
      ),
    );
    const ids = await loansOf(agent, customers);
    const replies = await gated(
      [{ table: 'bank_accounts', id: account.id }],
      CONNECTIONS,
      ids.map(
        (id, i) => () => put(appFor(i), admin.token, `/loans/${id}/approve`, { bankAccountId: account.id }),
      ),
    );
    expect(replies.filter((r) => r.statusCode === 200)).toHaveLength(3);
    for (const reply of replies.filter((r) => r.statusCode !== 200)) {
      expectProblem(
        reply,
        409,
        'Saldo insuficiente en la cuenta para aprobar el préstamo: disponible $5,000.00',
      );
    }
    expect((await bankAccountsApi(context.app).get(admin.token, account.id)).json().data).toMatchObject({
      balance: 5_000,
      realBalance: 35_000,
    });
    await expectLedgerInvariant(context.database.db);
    await expectLoanInvariant(context.database.db);
  }, 60_000);

  it('the same payment registered at once by the agent, an admin and the public page: one payment', async () => {
    const { admin, agent, customer } = await loanWorld(context);
    const { loan, schedule } = await activeLoan(context, admin, customer.id);
    const ids = schedule.slice(0, 2).map((p) => p.id);

    const replies = await gated([{ table: 'loans', id: loan.id }], 3, [
      () =>
        registerPayment(context.app, agent.token, loan.id, [
          jsonPart({ scheduledPaymentIds: ids, paymentMethod: 'CASH' }),
        ]),
      () =>
        registerPayment(second(), admin.token, loan.id, [
          jsonPart({ scheduledPaymentIds: ids, paymentMethod: 'CASH' }),
        ]),
      () =>
        publicApi(context.app).pay(
          loan.id,
          [jsonPart({ scheduledPaymentIds: ids, paymentMethod: 0 as never })],
          [agent.num, agent.pin],
        ),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    for (const reply of replies.filter((r) => r.statusCode === 409)) {
      expectProblem(reply, 409, 'Alguno de los conceptos ya fue pagado o está en validación');
    }
    expect(replies.some((r) => r.statusCode === 401 && JSON.parse(r.body).detail === BAD_CREDENTIAL)).toBe(
      false,
    );
    expect(await count(sql`select count(*)::int as n from payments`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from payment_items`)).toBe(2);
    const summary = await expectInvariants();
    expect(summary.payments).toEqual({ VALIDATING: 1, PAID: 0, REJECTED: 0 });
  }, 60_000);

  /** One PENDING loan of 10,000 per customer, requested by the agent. */
  async function loansOf(agent: TestUser, customerIds: string[]): Promise<string[]> {
    const ids = [];
    for (const customerId of customerIds) {
      const reply = await request(context.app, {
        method: 'POST',
        url: `/api/v1/customers/${customerId}/loans`,
        token: agent.token,
        payload: { amount: 10_000 },
      });
      expect(reply.statusCode, reply.body).toBe(201);
      ids.push(reply.json().data.id as string);
    }
    return ids;
  }
});
