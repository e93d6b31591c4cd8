import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { compactLoanStatusTally } from '../../src/modules/loans/status-tally.ts';
import { customersApi, loansApi } from '../support/api.ts';
import { type TestContext, useTestApp } from '../support/app.ts';
import { databaseUrlOf } from '../support/row-lock.ts';
import { expectLoanStatusTally, tallyRows } from '../support/status-tally-invariant.ts';
import { loanWorld, openAccount } from '../support/worlds.ts';

/**
 * The loan status tally (migration 0008): statement triggers on `loans` append +n/−n rows per status,
 * the administrators' loans list takes its total from them, the daily job folds them.
 */
const context = useTestApp();
const api = loansApi(context);
const run = (query: ReturnType<typeof sql>) => context.database.db.execute(query);
const tallyRowCount = async () => (await tallyRows(context.database.db)).length;

/** One loan in each of PENDING, CANCELLED, APPROVED and ACTIVE, through the API. */
async function loansInFourStatuses(ctx: TestContext) {
  const { admin, agent, customer } = await loanWorld(ctx);
  const customers = customersApi(ctx);
  const others = await Promise.all(
    ['5500000001', '5500000002', '5500000003'].map((phone, i) =>
      customers.createOk(agent.token, { name: `Cliente ${i}`, phone }),
    ),
  );
  const account = await openAccount(ctx, admin, 100_000);
  const pending = await api.createOk(agent.token, customer.id, { amount: 1_000 });
  const cancelled = await api.createOk(agent.token, others[0]?.id as string, { amount: 1_000 });
  expect((await api.update(admin.token, cancelled.id, { status: 'CANCELLED' })).statusCode).toBe(200);
  const approved = await api.createOk(agent.token, others[1]?.id as string, { amount: 1_000 });
  await api.approveOk(admin.token, approved.id, account.id);
  const active = await api.createOk(agent.token, others[2]?.id as string, { amount: 1_000 });
  await api.approveOk(admin.token, active.id, account.id);
  await api.activateOk(admin.token, active.id);
  return { admin, pending, cancelled, approved, active };
}

describe('loan status tally', () => {
  it('follows every status change made through the API', async () => {
    await loansInFourStatuses(context);
    expect(await expectLoanStatusTally(context.database.db)).toEqual({
      ACTIVE: 1,
      APPROVED: 1,
      CANCELLED: 1,
      PENDING: 1,
    });
  });

  it("is where the administrators' list takes its total from (a full page needs one)", async () => {
    const { admin } = await loansInFourStatuses(context);
    const total = async (query: string) => (await api.list(admin.token, query)).json().totalDocuments;
    expect(await total('?size=1')).toBe(4);
    expect(await total('?size=1&q=ACTIVE')).toBe(1);
    // A row added by hand shows in the totals: they are read from the tally, not counted.
    await run(sql`insert into loan_status_tally (status, n) values ('ACTIVE', 5)`);
    expect(await total('?size=1')).toBe(9);
    expect(await total('?size=1&q=ACTIVE')).toBe(6);
    expect(await total('?size=1&q=PENDING')).toBe(1);
    // A name search is still counted from the loans it matches.
    expect(await total('?size=1&query=cliente')).toBe(3);
  });

  it('counts multi-row updates, keeps nothing for updates that keep statuses, deletes and truncates', async () => {
    const { pending, approved } = await loansInFourStatuses(context);
    // One statement swapping two loans' statuses and moving a third.
    await run(sql`update loans set status = case status
                    when 'PENDING' then 'APPROVED' when 'APPROVED' then 'PENDING' else 'DELAYED' end
                  where status in ('PENDING', 'APPROVED', 'ACTIVE')`);
    expect(await expectLoanStatusTally(context.database.db)).toEqual({
      APPROVED: 1,
      CANCELLED: 1,
      DELAYED: 1,
      PENDING: 1,
    });
    const rows = await tallyRowCount();
    await run(sql`update loans set updated_on = now()`);
    expect(await tallyRowCount()).toBe(rows);

    await run(sql`delete from audit_log`);
    await run(sql`delete from loans where id in (${pending.id}, ${approved.id}) and status in ('PENDING', 'APPROVED')
                    and not exists (select 1 from scheduled_payments where loan_id = loans.id)`);
    await expectLoanStatusTally(context.database.db);

    await run(sql`truncate loans cascade`);
    expect(await tallyRowCount()).toBe(0);
  });

  it('folds into one row per status (none for a status left empty); sums unchanged', async () => {
    const { admin, pending } = await loansInFourStatuses(context);
    expect((await api.update(admin.token, pending.id, { status: 'CANCELLED' })).statusCode).toBe(200);
    const before = await expectLoanStatusTally(context.database.db);
    const rows = (await tallyRowCount()) ?? 0;
    expect(rows).toBeGreaterThan(4);
    expect(await compactLoanStatusTally(context.database.db)).toBe(rows);
    expect(await tallyRows(context.database.db)).toEqual([
      { status: 'ACTIVE', n: 1 },
      { status: 'APPROVED', n: 1 },
      { status: 'CANCELLED', n: 2 },
    ]);
    expect(await expectLoanStatusTally(context.database.db)).toEqual(before);
    expect(await compactLoanStatusTally(context.database.db)).toBe(3);
  });
});

/** Two connections at once: only PostgreSQL (PGlite runs one transaction at a time). */
describe.skipIf(!process.env.DATABASE_URL)('loan status tally under concurrency (PostgreSQL)', () => {
  async function connection() {
    const client = new pg.Client({ connectionString: databaseUrlOf(context.database) });
    await client.connect();
    return client;
  }

  it('two open transactions change statuses without waiting on each other; a fold meanwhile loses nothing', async () => {
    const { pending, approved } = await loansInFourStatuses(context);
    const a = await connection();
    const b = await connection();
    try {
      await a.query('begin');
      await a.query(`update loans set status = 'CANCELLED' where id = $1`, [pending.id]);
      // B would wait forever on a shared counter row A holds; lock_timeout turns that into an error.
      await b.query('begin');
      await b.query(`set local lock_timeout = '2s'`);
      await b.query(`update loans set status = 'CANCELLED' where id = $1`, [approved.id]);
      await b.query('commit');
      // The daily fold runs while A is still open: A's rows are not visible to it and are kept.
      await compactLoanStatusTally(context.database.db);
      await a.query('commit');
      expect(await expectLoanStatusTally(context.database.db)).toEqual({ ACTIVE: 1, CANCELLED: 3 });
      await compactLoanStatusTally(context.database.db);
      expect(await expectLoanStatusTally(context.database.db)).toEqual({ ACTIVE: 1, CANCELLED: 3 });
    } finally {
      await a.end();
      await b.end();
    }
  });
});
