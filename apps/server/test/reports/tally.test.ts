import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { foldReportTallies } from '../../src/modules/reports/fold.ts';
import { customersApi, loansApi, paymentsApi, reportsApi } from '../support/api.ts';
import { createUserAndLogin, type TestContext, useTestApp } from '../support/app.ts';
import { formOf, rejection } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { cashCloseApi } from '../support/field-api.ts';
import { expectReportTallies } from '../support/report-tallies-invariant.ts';
import { databaseUrlOf } from '../support/row-lock.ts';
import {
  accrue,
  activeLoan,
  confirm,
  customerOf,
  loanWorld,
  openAccount,
  registerOldest,
} from '../support/worlds.ts';

/**
 * The report tallies (migration report_tallies) after every kind of write, made through the API as
 * the app makes it: each step is followed by a comparison of the tallies' figures with the figures
 * computed from the rows (support/report-tallies-invariant.ts), on PGlite and on PostgreSQL.
 */
const context = useTestApp();
const loans = loansApi(context);
const payments = paymentsApi(context);
const db = () => context.database.db;
const run = (query: ReturnType<typeof sql>) => db().execute(query);
const check = () => expectReportTallies(db());

const tallyRowCount = async () => {
  const [row] = rowsOf<{ n: number }>(
    await run(sql`select ((select count(*) from portfolio_tally) + (select count(*) from collection_tally)
                  + (select count(*) from delivery_tally) + (select count(*) from payment_status_tally)
                  + (select count(*) from installment_due_tally) + (select count(*) from collection_due_tally)
                  + (select count(*) from collection_promise_tally))::int as n`),
  );
  return row?.n ?? 0;
};

/** A business with delivered, overdue, paid, rejected and pending loans and payments, checked at each step. */
async function busyBusiness(ctx: TestContext) {
  const { admin, agent, customer } = await loanWorld(ctx);
  const T = businessToday();
  const caja = await openAccount(ctx, admin, 200_000, 'Caja');
  await check();

  // Request, approval, delivery.
  const requested = await loans.createOk(agent.token, customer.id, { amount: 8_000 });
  await check();
  await loans.approveOk(admin.token, requested.id, caja.id);
  await check();
  await loans.activateOk(admin.token, requested.id);
  const fresh = await check();
  expect(fresh.weekly.delivered).toEqual({ count: 1, amountCents: 800_000 });

  // A loanFromPast, overdue: the accrual's fees and DELAYED statuses.
  const late = await activeLoan(ctx, admin, (await customerOf(ctx, agent, 'Lalo')).id, {
    amount: 6_000,
    requestDate: addDays(T, -24),
  });
  await check();
  await accrue(ctx, T);
  await check();

  // A fee forgiven.
  const [fee] = await payments
    .feesOk(admin.token, late.loan.id)
    .then((all) => all.filter((f) => f.status === 'PENDING'));
  expect(fee).toBeDefined();
  expect((await payments.cancelFee(admin.token, late.loan.id, fee?.id as string)).statusCode).toBe(200);
  await check();

  // Registration, confirmation, rejection.
  const paid = await registerOldest(ctx, agent, late.loan.id, 2);
  await check();
  await confirm(ctx, admin, paid.id, caja.id);
  await check();
  const rejected = await registerOldest(ctx, agent, requested.id, 1);
  await check();
  await payments.decideOk(admin.token, rejected.id, rejection());
  await check();

  // 'Confirmar corte': today's cash of the agent confirmed at once.
  await registerOldest(ctx, agent, requested.id, 2);
  await check();
  const corte = await cashCloseApi(ctx).confirmOk(admin.token, {
    agentId: agent.id,
    date: T,
    targetAccountId: caja.id,
  });
  expect(corte.confirmed).toBe(1);
  await check();

  // Edits and cancellation of requests.
  const other = await customerOf(ctx, agent, 'Olga');
  const edited = await loans.createOk(agent.token, other.id, { amount: 3_000 });
  expect((await loans.update(admin.token, edited.id, { amount: 4_000 })).statusCode).toBe(200);
  await check();
  expect((await loans.update(admin.token, edited.id, { status: 'CANCELLED' })).statusCode).toBe(200);
  await check();

  // A payment left VALIDATING.
  const waiting = await registerOldest(ctx, agent, requested.id, 1);
  const figures = await check();
  expect(figures.weekly.validating).toEqual({ count: 1, amountCents: waiting.amount * 100 });
  return { admin, agent, customer, caja, requested, late, figures };
}

// A busy business and a score of comparisons per test: well over the default 30 s on a loaded machine.
describe('report tallies', { timeout: 180_000 }, () => {
  it('equal the figures of the rows after every write the app makes', async () => {
    const { figures } = await busyBusiness(context);
    expect(figures.portfolio.reduce((n, row) => n + row.loans, 0)).toBe(2);
    expect(figures.weekly.days.reduce((n, day) => n + day.payments, 0)).toBe(2);
  });

  it("an agent's reassignment moves their report figures, not the business's", async () => {
    const { admin, customer } = await busyBusiness(context);
    const reports = reportsApi(context);
    const T = businessToday();
    const before = await reports.portfolioOk(admin.token);
    const weekBefore = await reports.weeklyOk(admin.token, addDays(T, -6), T);
    const newcomer = await createUserAndLogin(context, { name: 'Nora', lastName: 'Agente' });
    expect((await reports.portfolioOk(newcomer.token)).loans).toEqual({
      active: 0,
      delayed: 0,
      restructured: 0,
    });
    const moved = await customersApi(context).update(admin.token, customer.id, {
      ...formOf(customer),
      agentId: newcomer.id,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await check();
    expect(await reports.portfolioOk(admin.token)).toEqual(before);
    expect(await reports.weeklyOk(admin.token, addDays(T, -6), T)).toEqual(weekBefore);
    expect((await reports.portfolioOk(newcomer.token)).loans).toEqual({
      active: 1,
      delayed: 0,
      restructured: 0,
    });
  });

  it('follow writes no service makes: several rows at once, deletions, late lines, truncation', async () => {
    const { late, requested } = await busyBusiness(context);
    // One statement moving every installment's due date and paying one of each loan.
    await run(sql`update scheduled_payments set due_date = due_date - 3,
                    status = case when payment_number = 12 then 'PAID' else status end`);
    await check();
    // Confirmed payments moved to another day of collection (and of confirmation, which keys nothing).
    await run(sql`update payments set collected_at = collected_at - interval '2 days' where status = 'PAID'`);
    await check();
    await run(sql`update payments set decided_on = decided_on - interval '2 days' where status = 'PAID'`);
    await check();
    // A paid payment back to validation and paid again, a line added to it, then deleted.
    const [paid] = rowsOf<{ id: string }>(
      await run(sql`select id from payments where status = 'PAID' and loan_id = ${late.loan.id} limit 1`),
    );
    await run(sql`update payments set status = 'VALIDATING' where id = ${paid?.id}`);
    await check();
    await run(sql`update payments set status = 'PAID' where id = ${paid?.id}`);
    await run(sql`insert into payment_items (id, payment_id, fee_id, concept, amount_cents)
                  select gen_random_uuid(), ${paid?.id}, id, 'línea tardía', 1234 from fees
                   where loan_id = ${late.loan.id} limit 1`);
    await check();
    await run(sql`delete from account_transactions where payment_id = ${paid?.id}`);
    // Its lines, then the payment (checked after both: a payment always has lines).
    await run(sql`delete from payment_items where payment_id = ${paid?.id}`);
    await run(sql`delete from payment_attachments where payment_id = ${paid?.id}`);
    await run(sql`delete from payments where id = ${paid?.id}`);
    await check();
    // A delivered loan's payments (a payment always has lines) and half its installments deleted, then
    // a loan's amount and delivery changed.
    await run(
      sql`delete from account_transactions where payment_id in (select id from payments where loan_id = ${requested.id})`,
    );
    await run(
      sql`delete from payment_items where payment_id in (select id from payments where loan_id = ${requested.id})`,
    );
    await run(
      sql`delete from payment_attachments where payment_id in (select id from payments where loan_id = ${requested.id})`,
    );
    await run(sql`delete from payments where loan_id = ${requested.id}`);
    await check();
    await run(sql`delete from scheduled_payments where loan_id = ${requested.id} and payment_number > 6`);
    await check();
    await run(
      sql`update loans set amount_cents = amount_cents + 100, activated_on = activated_on - interval '9 days'`,
    );
    await check();
    await run(sql`truncate payment_items, payments, fees, scheduled_payments cascade`);
    await check();
    await run(sql`truncate loans cascade`);
    await check();
    expect(await tallyRowCount()).toBe(0);
  });

  it('fold into one row per key (none for keys summing to 0), figures unchanged', async () => {
    await busyBusiness(context);
    const before = await check();
    const rows = await tallyRowCount();
    const folded = await foldReportTallies(db());
    expect(Object.values(folded).reduce((a, b) => a + b, 0)).toBe(rows);
    const after = await check();
    expect(after).toEqual(before);
    const kept = await tallyRowCount();
    expect(kept).toBeLessThan(rows);
    // Folding again changes nothing: one row per key already.
    expect(Object.values(await foldReportTallies(db())).reduce((a, b) => a + b, 0)).toBe(kept);
    expect(await tallyRowCount()).toBe(kept);
    const [duplicates] = rowsOf<{ n: number }>(
      await run(
        sql`select count(*)::int as n from (select status from payment_status_tally group by status having count(*) > 1) d`,
      ),
    );
    expect(duplicates?.n).toBe(0);
  });
});

/** Two connections at once: only PostgreSQL (PGlite runs one transaction at a time). */
describe.skipIf(!process.env.DATABASE_URL)(
  'report tallies under concurrency (PostgreSQL)',
  { timeout: 180_000 },
  () => {
    it('two open transactions confirm payments without waiting on each other; a fold meanwhile loses nothing', async () => {
      const { agent, requested, late } = await busyBusiness(context);
      const first = await registerOldest(context, agent, late.loan.id, 1);
      const [second] = rowsOf<{ id: string }>(
        await run(
          sql`select id from payments where status = 'VALIDATING' and loan_id = ${requested.id} limit 1`,
        ),
      );
      const connect = async () => {
        const client = new pg.Client({ connectionString: databaseUrlOf(context.database) });
        await client.connect();
        return client;
      };
      const a = await connect();
      const b = await connect();
      try {
        await a.query('begin');
        await a.query(`update payments set status = 'PAID', decided_on = now() where id = $1`, [first.id]);
        await b.query('begin');
        await b.query(`set local lock_timeout = '2s'`);
        await b.query(`update payments set status = 'PAID', decided_on = now() where id = $1`, [second?.id]);
        await b.query('commit');
        await foldReportTallies(db());
        await a.query('commit');
        await check();
        await foldReportTallies(db());
        const figures = await check();
        expect(figures.weekly.validating).toEqual({ count: 0, amountCents: 0 });
      } finally {
        await a.end();
        await b.end();
      }
    });
  },
);
