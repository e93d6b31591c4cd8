import type { AmlRelevantOperations } from '@prestaya/contracts';
import { addDays, quarterDays, quarterOf, zonedInstant } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { keepCashTallyZone, monthlyFromPayments } from '../../src/modules/aml/monthly-cash.ts';
import { paymentsApi } from '../support/api.ts';
import { request, type TestUser, useTestApp } from '../support/app.ts';
import { bookRow, xlsxOf } from '../support/book-file.ts';
import { jsonPart, multipart } from '../support/builders.ts';
import { businessToday, TEST_TIME_ZONE } from '../support/clock.ts';
import {
  activeLoan,
  confirm,
  customerOf,
  openAccount,
  overdueLoan,
  registerOldest,
  useLoanWorld,
} from '../support/worlds.ts';

/**
 * PLD's monthly cash tally (migration aml_cash_month_tally): after every path that writes payments
 * (confirm, reject, an abono, a payment cancelled, moved in time or deleted, a book imported) it holds
 * exactly the confirmed cash payments grouped by customer and business month, and 'operaciones
 * relevantes' read from it equal the grouping of the payments themselves. On PGlite and PostgreSQL.
 */
const context = useTestApp();
const world = useLoanWorld(context);
const api = paymentsApi(context);

interface TallyRow {
  customer_id: string;
  month: string;
  total_cents: string;
  payments: number;
}

/** The tally's rows that are not zero, and what the payments say they should be, in one order. */
async function tallyAndRows(zone = TEST_TIME_ZONE) {
  const db = context.database.db;
  const tally = rowsOf<TallyRow>(
    await db.execute(sql`
      select customer_id, to_char(month, 'YYYY-MM-DD') as month, total_cents::text as total_cents, payments
        from aml_cash_month_tally where total_cents <> 0 or payments <> 0 order by 1, 2`),
  );
  const rows = rowsOf<TallyRow>(
    await db.execute(sql`
      select l.customer_id, to_char(date_trunc('month', p.collected_at at time zone ${zone}), 'YYYY-MM-DD') as month,
             sum(p.amount_cents)::text as total_cents, count(*)::int as payments
        from payments p join loans l on l.id = p.loan_id
       where p.status = 'PAID' and p.payment_method = 'CASH'
       group by 1, 2 order by 1, 2`),
  );
  return { tally, rows };
}

async function expectTallyEqualsRows(zone?: string): Promise<TallyRow[]> {
  const { tally, rows } = await tallyAndRows(zone);
  expect(tally).toEqual(rows);
  return tally;
}

async function importBook(admin: TestUser, agentUsername: string) {
  const file = await xlsxOf([1, 2, 3].map((n) => bookRow(n, agentUsername, businessToday())));
  const upload = multipart([{ name: 'file', body: file, filename: 'cartera.xlsx' }]);
  const checked = await request(context.app, {
    method: 'POST',
    url: '/api/v1/imports',
    token: admin.token,
    payload: upload.payload,
    headers: upload.headers,
  });
  expect(checked.statusCode, checked.body).toBe(201);
  const run = await request(context.app, {
    method: 'POST',
    url: `/api/v1/imports/${checked.json().data.id}/run`,
    token: admin.token,
    payload: { mode: 'ALL' },
  });
  expect(run.statusCode, run.body).toBe(200);
  expect(run.body).toContain('"done"');
}

/** The quarter's reply through the API, and the months grouped from the payments at the threshold. */
async function screenAndPayments(monthlyCashCents: number) {
  const { year, quarter } = quarterOf(businessToday());
  const reply = await request(context.app, {
    method: 'GET',
    url: `/api/v1/aml/relevant-operations?year=${year}&quarter=${quarter}`,
    token: world.admin.token,
  });
  expect(reply.statusCode, reply.body).toBe(200);
  const range = quarterDays(year, quarter);
  const grouped = await monthlyFromPayments(context.database.db, {
    from: zonedInstant(range.from, 0, 0, TEST_TIME_ZONE),
    until: zonedInstant(addDays(range.to, 1), 0, 0, TEST_TIME_ZONE),
    timeZone: TEST_TIME_ZONE,
    monthlyCashCents,
  });
  const screen: AmlRelevantOperations['monthly'] = reply.json().data.monthly;
  return {
    screen: screen.map((m) => [m.customer.id, m.customer.num, m.month, m.total, m.payments]),
    payments: grouped.map((m) => [m.id, m.num, m.month, Number(m.total_cents) / 100, m.payments]),
  };
}

describe('PLD: the monthly cash tally', () => {
  it('equals the confirmed cash payments after confirm, reject, abono, cancel, move, delete and an import', async () => {
    const { admin, agent } = world;
    const caja = await openAccount(context, admin, 100_000);
    const { loan } = await activeLoan(context, admin, world.customer.id, { accountId: caja.id });
    expect(await expectTallyEqualsRows()).toEqual([]);

    const first = await registerOldest(context, agent, loan.id, 1);
    expect(await expectTallyEqualsRows()).toEqual([]);
    await confirm(context, admin, first.id, caja.id);
    const afterConfirm = await expectTallyEqualsRows();
    expect(afterConfirm).toEqual([
      expect.objectContaining({
        customer_id: world.customer.id,
        payments: 1,
        total_cents: String(first.amount * 100),
      }),
    ]);

    const rejected = await registerOldest(context, agent, loan.id, 1);
    await api.decideOk(admin.token, rejected.id, { status: 'REJECTED', reason: 'No se recibió el efectivo' });
    expect(await expectTallyEqualsRows()).toEqual(afterConfirm);

    // An abono on another customer's overdue loan: cash that pays fines and part of an installment.
    const other = await customerOf(context, agent, 'Otra');
    const overdue = await overdueLoan(context, { ...world, customer: other });
    const abono = await api.registerOk(agent.token, overdue.loan.id, [
      jsonPart({ abono: 1_500, paymentMethod: 'CASH' }),
    ]);
    await confirm(context, admin, abono.id, caja.id);
    expect((await expectTallyEqualsRows()).reduce((n, r) => n + r.payments, 0)).toBe(2);

    // No action cancels, moves or deletes a payment today; the triggers keep up with any that would.
    const db = context.database.db;
    await db.execute(sql`update payments set status = 'CANCELLED' where id = ${first.id}`);
    expect((await expectTallyEqualsRows()).reduce((n, r) => n + r.payments, 0)).toBe(1);
    await db.execute(sql`update payments set status = 'PAID' where id = ${first.id}`);
    await db.execute(
      sql`update payments set collected_at = collected_at - interval '40 days' where id = ${abono.id}`,
    );
    await db.execute(sql`update payments set amount_cents = amount_cents + 1 where id = ${first.id}`);
    const moved = await expectTallyEqualsRows();
    expect(new Set(moved.map((r) => r.month)).size).toBe(2);
    await db.execute(sql`delete from payment_items where payment_id = ${rejected.id}`);
    await db.execute(sql`delete from payments where id = ${rejected.id}`);
    await expectTallyEqualsRows();

    await importBook(admin, agent.username);
    expect((await expectTallyEqualsRows()).reduce((n, r) => n + r.payments, 0)).toBe(2);
  });

  it("'operaciones relevantes' read from it equal the payments grouped, also on another zone", async () => {
    const { admin, agent } = world;
    const caja = await openAccount(context, admin, 100_000);
    const save = (monthlyCashThreshold: number) =>
      request(context.app, {
        method: 'PUT',
        url: '/api/v1/aml/settings',
        token: admin.token,
        payload: { singleCashThreshold: 1_000, monthlyCashThreshold },
      });
    const other = await customerOf(context, agent, 'Otra');
    for (const customerId of [world.customer.id, other.id]) {
      const { loan } = await activeLoan(context, admin, customerId, { accountId: caja.id });
      for (const installments of [1, 2]) {
        const payment = await registerOldest(context, agent, loan.id, installments);
        await confirm(context, admin, payment.id, caja.id);
      }
    }
    for (const threshold of [100, 2_000, 3_000, 1_000_000]) {
      expect((await save(threshold)).statusCode).toBe(200);
      const { screen, payments } = await screenAndPayments(threshold * 100);
      expect(screen).toEqual(payments);
      if (threshold === 100) expect(screen.length).toBeGreaterThanOrEqual(2);
    }

    // A server on another zone re-keys the tally; until then the screen groups the payments itself.
    expect(await keepCashTallyZone(context.database.db, 'Asia/Tokyo')).toBe(true);
    await expectTallyEqualsRows('Asia/Tokyo');
    expect((await save(100)).statusCode).toBe(200);
    const tokyo = await screenAndPayments(100 * 100);
    expect(tokyo.screen).toEqual(tokyo.payments);
    expect(await keepCashTallyZone(context.database.db, TEST_TIME_ZONE)).toBe(true);
    expect(await keepCashTallyZone(context.database.db, TEST_TIME_ZONE)).toBe(false);
    await expectTallyEqualsRows();
  });
});
