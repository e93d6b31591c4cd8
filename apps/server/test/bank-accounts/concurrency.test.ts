import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { accountTransactions, bankAccounts } from '../../src/db/schema/bank-accounts.ts';
import { bankAccountsApi } from '../support/api.ts';
import { createAdmin, expectProblem, testConfig, useTestApp } from '../support/app.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { databaseUrlOf, holdRowLock } from '../support/row-lock.ts';

/**
 * Twenty concurrent withdrawals of $1,000 from an account holding $10,000 —
 * exactly ten succeed, the balance ends at $0, never below.
 *
 * Only against PostgreSQL (DATABASE_URL): PGlite is one connection and runs transactions one after
 * another, so it cannot show a race. Here every app has a node-postgres pool of 10 connections
 * (pg.Pool's default, src/db/client.ts), so up to 10 transactions per app run at the same time. To
 * prove the requests really overlap (and would lose updates without the row lock), the "gated" runs
 * hold the account row locked from a separate connection while the requests are fired, wait until the
 * requests' transactions are seen blocked on that lock in pg_stat_activity, and only then let go.
 */
describe.skipIf(!process.env.DATABASE_URL)('concurrent withdrawals (PostgreSQL)', () => {
  const context = useTestApp();
  const WITHDRAWALS = 20;

  function pool(database: Database): pg.Pool {
    if (database.kind !== 'pg') throw new Error('expected PostgreSQL');
    return database.client;
  }

  async function setup() {
    const admin = await createAdmin(context);
    const account = await bankAccountsApi(context.app).createOk(admin.token, { balance: 10_000 });
    return { admin, account };
  }

  async function expectTenOfTwentySucceeded(
    accountId: string,
    responses: { statusCode: number; body: string; headers: Record<string, unknown> }[],
  ) {
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const response of refused) expectProblem(response, 409, /^Saldo insuficiente: disponible \$/);
    // Every refusal came after the tenth success emptied the account.
    for (const response of refused)
      expect(JSON.parse(response.body).detail).toBe('Saldo insuficiente: disponible $0.00');
    // The successes saw the balance go down one step at a time: 9000, 8000, … 0, each exactly once.
    const after = ok.map((r) => JSON.parse(r.body).data.balance).sort((a: number, b: number) => b - a);
    expect(after).toEqual([9000, 8000, 7000, 6000, 5000, 4000, 3000, 2000, 1000, 0]);

    const [account] = await context.database.db
      .select()
      .from(bankAccounts)
      .where(eq(bankAccounts.id, accountId));
    expect(account).toMatchObject({ balanceCents: 0, realBalanceCents: 0 });
    const rows = await context.database.db
      .select()
      .from(accountTransactions)
      .where(eq(accountTransactions.accountId, accountId))
      .orderBy(asc(accountTransactions.createdOn), asc(accountTransactions.id));
    expect(rows).toHaveLength(11);
    expect(rows.map((r) => [r.operationType, r.reason])).toEqual([
      ['DEPOSIT', 'Saldo inicial'],
      ...Array.from({ length: 10 }, () => ['MANUAL_WITHDRAWAL', 'Retiro concurrente']),
    ]);
    // Never below zero: the chain of balances goes 10000 → 9000 → … → 0.
    expect(rows.map((r) => r.endBalanceCents)).toEqual(
      [10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((n) => n * 100_000),
    );
    expect(rows.every((r) => r.endBalanceCents >= 0 && r.endRealBalanceCents >= 0)).toBe(true);
    expect(await expectLedgerInvariant(context.database.db)).toBe(11);
  }

  const withdraw = (app: FastifyInstance, token: string, accountId: string) =>
    bankAccountsApi(app).move(token, accountId, { withdrawal: 1_000, reason: 'Retiro concurrente' });

  it('through one app (pool of 10): exactly ten succeed, the balance ends at $0', async () => {
    const { admin, account } = await setup();
    const responses = await Promise.all(
      Array.from({ length: WITHDRAWALS }, () => withdraw(context.app, admin.token, account.id)),
    );
    await expectTenOfTwentySucceeded(account.id, responses);
    // The burst was spread over several connections of the pool (it was not served one by one).
    expect(pool(context.database).totalCount).toBeGreaterThan(1);
  });

  it('with the row held locked, ten transactions wait on it at once; still exactly ten succeed', async () => {
    const { admin, account } = await setup();
    const gate = await holdRowLock(context.database, 'bank_accounts', account.id);
    const burst = Promise.all(
      Array.from({ length: WITHDRAWALS }, () => withdraw(context.app, admin.token, account.id)),
    );
    // The pool has 10 connections: ten transactions reach `SELECT … FOR UPDATE` and wait together.
    const blocked = await gate.waitForBlocked(10);
    await gate.release();
    expect(blocked).toBeGreaterThanOrEqual(10);
    await expectTenOfTwentySucceeded(account.id, await burst);
  });

  it('through two app instances with their own pools on the same database, all twenty waiting at once', async () => {
    const { admin, account } = await setup();
    const secondDatabase = await openDatabase({ databaseUrl: databaseUrlOf(context.database) });
    const second = await buildApp({ config: testConfig(), database: secondDatabase, logger: false });
    try {
      await second.ready();
      const gate = await holdRowLock(context.database, 'bank_accounts', account.id);
      const burst = Promise.all(
        Array.from({ length: WITHDRAWALS }, (_, i) =>
          withdraw(i % 2 === 0 ? context.app : second, admin.token, account.id),
        ),
      );
      const blocked = await gate.waitForBlocked(WITHDRAWALS);
      await gate.release();
      expect(blocked).toBe(WITHDRAWALS);
      await expectTenOfTwentySucceeded(account.id, await burst);
    } finally {
      await second.close();
      await secondDatabase.close();
    }
  });
});
