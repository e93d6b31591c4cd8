import { addressInput, centsToPesos, customerInput, LOAN_STATUSES } from '@prestaya/contracts';
import { addDays } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { DEMO_MESSAGES, DemoRefusedError, HISTORY_DAYS, seedDemo } from '../../src/demo/seed.ts';
import { DEMO_ADMIN_USERNAME, DEMO_PASSWORD } from '../../src/demo/staff.ts';
import { loginToken } from '../support/app.ts';
import { createTestDatabase } from '../support/database.ts';
import {
  businessDigest,
  one,
  query,
  SEED_TIMEOUT,
  TZ,
  useDemoSeed,
  weekStart,
} from '../support/demo-seed.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { expectReportTallies } from '../support/report-tallies-invariant.ts';

const demo = useDemoSeed();
/** The determinism check's lenders: a quarter of the demo. */
const SMALL_DEMO_CUSTOMERS = 30;
const { db, FIRST_DAY, NOW, seeded, TODAY } = demo;

/**
 * `npm run seed:demo` on a fresh database (PGlite in memory, or its own PostgreSQL database with
 * DATABASE_URL): what it creates, the system's invariants on it, determinism from the seed, the refusal
 * of a non-empty database, and what the dashboard relies on — the weekly-payments report equals the sum of
 * confirmed payments computed here in SQL. The seed is slow (it drives the real services for ten weeks
 * of a lender's work), so one seeded database serves every check, and two smaller ones the determinism.
 */

describe('npm run seed:demo — what it creates', () => {
  it('2 administrators and 4 agents, all with a PIN, and their credentials for the summary', async () => {
    const staff = await query<{ roles: string[]; has_pin: boolean; status: string }>(
      db(),
      sql`select roles, pin_hash is not null as has_pin, status from users`,
    );
    expect(staff.filter((u) => u.roles.includes('ROLE_ADMIN'))).toHaveLength(2);
    expect(staff.filter((u) => u.roles.join() === 'ROLE_USER')).toHaveLength(4);
    expect(staff.every((u) => u.has_pin && u.status === 'A')).toBe(true);
    const printed = seeded.summary.staff;
    expect(printed).toHaveLength(6);
    expect(printed.every((u) => /^\d{4,6}$/.test(u.pin) && u.password === DEMO_PASSWORD)).toBe(true);
    // The printed credentials work.
    expect(await loginToken(seeded.app, DEMO_ADMIN_USERNAME, DEMO_PASSWORD)).toBeTruthy();
  });

  it('120 customers of the four agents, each with an address, valid for the contracts', async () => {
    const customers = await query<Record<string, string | null>>(
      db(),
      sql`select c.name, c.last_name as "lastName", c.second_last_name as "secondLastName", c.phone, c.curp,
                 c.agent_id as "agentId", (select count(*)::int from addresses a where a.customer_id = c.id) as addresses
            from customers c`,
    );
    expect(customers).toHaveLength(120);
    expect(new Set(customers.map((c) => c.agentId)).size).toBe(4);
    for (const customer of customers) {
      expect(Number(customer.addresses), customer.curp ?? '').toBeGreaterThanOrEqual(1);
      const parsed = customerInput.safeParse(customer);
      expect(parsed.success, JSON.stringify(customer)).toBe(true);
      expect(customer.curp).toMatch(/^[A-Z]{4}\d{6}[HM][A-Z]{5}[0-9A-Z]\d$/);
      expect(customer.phone).toMatch(/^(222|244)\d{7}$/);
    }
    // Names keep their accents.
    expect(
      customers.filter((c) => /[áéíóúÁÉÍÓÚñÑ]/.test(`${c.name}${c.lastName}${c.secondLastName}`)).length,
    ).toBeGreaterThan(30);
    const addresses = await query<Record<string, string | null>>(
      db(),
      sql`select street, num_exterior as "numExterior", num_interior as "numInterior", neighborhood, city, state,
                 postal_code as "postalCode" from addresses`,
    );
    for (const address of addresses)
      expect(addressInput.safeParse(address).success, JSON.stringify(address)).toBe(true);
  });

  it('3 accounts opened with a balance (Saldo inicial)', async () => {
    const openings = await query<{ name: string; reason: string; amount_cents: number }>(
      db(),
      sql`select distinct on (b.id) b.name, t.reason, t.amount_cents
            from bank_accounts b join account_transactions t on t.account_id = b.id
           order by b.id, t.created_on, t.id`,
    );
    expect(openings).toHaveLength(3);
    for (const opening of openings) {
      expect(opening.reason).toBe('Saldo inicial');
      expect(Number(opening.amount_cents)).toBeGreaterThan(0);
    }
  });

  it('loans in every status; payments paid, validating and rejected, in cash and by transfer; fees accrued, paid and cancelled', async () => {
    const statuses = await query<{ status: string }>(db(), sql`select distinct status from loans`);
    // Every status but 'Castigado': a write-off needs 90 days past due by default, longer than the
    // demo's ten weeks of history.
    expect(statuses.map((s) => s.status).sort()).toEqual(
      LOAN_STATUSES.filter((status) => status !== 'WRITTEN_OFF').sort(),
    );
    const payments = await query<{ status: string; payment_method: string; channel: string }>(
      db(),
      sql`select distinct status, payment_method, channel from payments`,
    );
    expect(new Set(payments.map((p) => p.status))).toEqual(new Set(['PAID', 'VALIDATING', 'REJECTED']));
    expect(new Set(payments.map((p) => p.payment_method))).toEqual(new Set(['CASH', 'TRANSFER']));
    expect(new Set(payments.map((p) => p.channel))).toEqual(new Set(['STAFF', 'PUBLIC']));
    const fees = await query<{ status: string }>(db(), sql`select distinct status from fees`);
    // Fees of a payment waiting for validation are VALIDATING; every other kind is there too.
    const feeStatuses = fees.map((f) => f.status);
    expect(feeStatuses).toEqual(expect.arrayContaining(['PENDING', 'PAID', 'CANCELLED']));
    for (const status of feeStatuses)
      expect(['PENDING', 'PAID', 'CANCELLED', 'VALIDATING']).toContain(status);
    // Installments paid on time and late.
    const timing = await one<{ on_time: number; late: number }>(
      db(),
      sql`select count(*) filter (where (p.created_on at time zone ${TZ})::date <= s.due_date)::int as on_time,
                 count(*) filter (where (p.created_on at time zone ${TZ})::date > s.due_date)::int as late
            from payment_items i join payments p on p.id = i.payment_id
            join scheduled_payments s on s.id = i.scheduled_payment_id where p.status = 'PAID'`,
    );
    expect(timing.on_time).toBeGreaterThan(100);
    expect(timing.late).toBeGreaterThan(50);
  });

  it('history spread over the last 10 weeks, nothing in the future, in business order', async () => {
    const weeks = await one<{ weeks: number; first: string; last: string }>(
      db(),
      sql`select count(distinct date_trunc('week', decided_on at time zone ${TZ}))::int as weeks,
                 min(to_char(decided_on at time zone ${TZ}, 'YYYY-MM-DD')) as first,
                 max(to_char(decided_on at time zone ${TZ}, 'YYYY-MM-DD')) as last
            from payments where status = 'PAID'`,
    );
    expect(weeks.weeks).toBeGreaterThanOrEqual(9);
    expect(weeks.first >= FIRST_DAY).toBe(true);
    const loansCreated = await one<{ first: string }>(
      db(),
      sql`select min(to_char(created_on at time zone ${TZ}, 'YYYY-MM-DD')) as first from loans`,
    );
    expect(loansCreated.first <= addDays(FIRST_DAY, 6)).toBe(true);

    // Every timestamp column: between the set-up days and now.
    const columns: [string, string][] = [
      ['users', 'created_on'],
      ['customers', 'created_on'],
      ['addresses', 'created_on'],
      ['account_transactions', 'created_on'],
      ['loans', 'created_on'],
      ['loans', 'updated_on'],
      ['loans', 'approved_on'],
      ['loans', 'activated_on'],
      ['scheduled_payments', 'paid_on'],
      ['fees', 'created_on'],
      ['fees', 'cancelled_on'],
      ['payments', 'created_on'],
      ['payments', 'decided_on'],
      ['payments', 'collected_at'],
      ['audit_log', 'at'],
    ];
    for (const [table, column] of columns) {
      const range = await one<{ min: Date | string | null; max: Date | string | null }>(
        db(),
        sql.raw(`select min(${column}) as min, max(${column}) as max from ${table}`),
      );
      const min = new Date(range.min ?? 0).getTime();
      const max = new Date(range.max ?? 0).getTime();
      expect(max, `${table}.${column} en el futuro`).toBeLessThanOrEqual(NOW.getTime());
      expect(min, `${table}.${column} antes de la historia`).toBeGreaterThanOrEqual(
        NOW.getTime() - (HISTORY_DAYS + 5) * 86_400_000,
      );
    }

    // The order of events holds in the moved history.
    const disorder = await one<Record<string, number>>(
      db(),
      sql`select
        (select count(*)::int from payments where decided_on < created_on) as payments,
        (select count(*)::int from payments where collected_at <> created_on) as collected,
        (select count(*)::int from loans where approved_on < created_on or activated_on < approved_on) as loans,
        (select count(*)::int from loans where request_date <> (created_on at time zone ${TZ})::date) as request_dates,
        (select count(*)::int from scheduled_payments s join loans l on l.id = s.loan_id
          where s.due_date <> (l.activated_on at time zone ${TZ})::date + 7 * s.payment_number) as due_dates,
        (select count(*)::int from fees f join scheduled_payments s on s.id = f.scheduled_payment_id
          where f.fee_date <= s.due_date or (f.created_on at time zone ${TZ})::date <> f.fee_date) as fees,
        (select count(*)::int from customers c join loans l on l.customer_id = c.id where l.created_on < c.created_on)
          as customers`,
    );
    expect(disorder).toEqual({
      payments: 0,
      // Every demo payment was taken with signal: collected when registered, moved with it.
      collected: 0,
      loans: 0,
      request_dates: 0,
      due_dates: 0,
      fees: 0,
      customers: 0,
    });
  });
});

describe('npm run seed:demo — invariants', () => {
  it('every account: balances = opening + Σ transactions, in order, never below zero', async () => {
    expect(await expectLedgerInvariant(db().db)).toBeGreaterThan(500);
  });

  it('every delivered loan: currentBalance = unpaid installments + pending fees, its status from them; the report tallies = the figures of the rows', async () => {
    expect(await demo.deliveredLoansWithWrongFigures()).toEqual([]);
    expect((await expectReportTallies(db().db, TODAY)).portfolio.length).toBeGreaterThan(0);
  });

  it('every PAID payment has its Abono, every delivered loan its Reserva and Entrega, every cancelled approval its Liberación', async () => {
    const problems = await demo.moneyMovementCounts();
    expect(problems).toEqual({
      paid_without_abono: 0,
      abono_of_unpaid: 0,
      items_not_summing: 0,
      delivered_without_entrega: 0,
      entrega_of_undelivered: 0,
      cancelled_without_release: 0,
      installment_paid_without_payment: 0,
      cancelled_approved: expect.any(Number),
    });
    expect(problems.cancelled_approved).toBeGreaterThan(0);
  });

  it('audit rows for what it created and decided', async () => {
    expect(await demo.rowsWithoutTheirAudit()).toEqual({
      users: 0,
      customers: 0,
      addresses: 0,
      loans: 0,
      deliveries: 0,
      payments: 0,
      decisions: 0,
    });
  });
});

describe('npm run seed:demo — refusal and determinism', () => {
  it('refuses a database that already has customers, and writes nothing', async () => {
    const before = await businessDigest(db());
    await expect(seedDemo(db().db, { seed: 7, now: NOW, timeZone: TZ })).rejects.toThrow(
      new DemoRefusedError(DEMO_MESSAGES.notEmpty),
    );
    expect(await businessDigest(db())).toBe(before);
  });

  // Two smaller lenders of the same seed, seeded side by side: the same simulation as the full demo
  // above over its first customers, at a fraction of the time of seeding the full demo once more.
  it(
    'the same seed gives the same business data; the digest notices a one-centavo change',
    async () => {
      const databases = [await createTestDatabase(), await createTestDatabase()];
      try {
        const [first, second] = databases.map(({ database }) => database) as [Database, Database];
        await Promise.all(
          [first, second].map(async (database) => {
            await migrateDatabase(database);
            await seedDemo(database.db, {
              seed: 42,
              now: NOW,
              timeZone: TZ,
              customers: SMALL_DEMO_CUSTOMERS,
            });
          }),
        );
        const counted = await one<{ customers: number }>(
          second,
          sql`select count(*)::int as customers from customers`,
        );
        expect(counted.customers).toBe(SMALL_DEMO_CUSTOMERS);
        const digest = await businessDigest(second);
        expect(digest).toBe(await businessDigest(first));
        await second.db.execute(
          sql`update fees set amount_cents = amount_cents - 1 where id = (select min(id::text)::uuid from fees)`,
        );
        expect(await businessDigest(second)).not.toBe(digest);
      } finally {
        await Promise.all(databases.map(({ drop }) => drop()));
      }
    },
    SEED_TIMEOUT,
  );
});

describe('dashboard acceptance: GET /reports/weekly-payments on the demo data', () => {
  const currentWeek = () => ({ from: weekStart(TODAY), to: addDays(weekStart(TODAY), 6) });
  const pastWeek = () => ({ from: addDays(weekStart(TODAY), -21), to: addDays(weekStart(TODAY), -15) });

  it.each([
    ['the current week', currentWeek],
    ['a past week (three weeks ago)', pastWeek],
  ])('%s: the admin totals equal the sum of PAID payments collected that week', async (_, range) => {
    const { from, to } = range();
    const token = await loginToken(seeded.app, DEMO_ADMIN_USERNAME, DEMO_PASSWORD);
    const figures = await demo.report(token, from, to);
    const expected = await demo.paidInSql(from, to);
    expect(figures.totals).toEqual({
      total: centsToPesos(Number(expected.total)),
      installments: centsToPesos(Number(expected.installments)),
      fees: centsToPesos(Number(expected.fees)),
      payments: expected.payments,
    });
    expect(figures.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(from, i)));
  });

  it('a past week is not empty, and an agent gets exactly their own portfolio of it', async () => {
    const { from, to } = pastWeek();
    const all = await demo.paidInSql(from, to);
    expect(Number(all.total)).toBeGreaterThan(0);
    expect(Number(all.fees)).toBeGreaterThan(0);
    const agentUsername = 'agente2@demo.prestaya.mx';
    const own = await demo.paidInSql(from, to, agentUsername);
    expect(Number(own.total)).toBeGreaterThan(0);
    expect(Number(own.total)).toBeLessThan(Number(all.total));
    const figures = await demo.report(await loginToken(seeded.app, agentUsername, DEMO_PASSWORD), from, to);
    expect(figures.scope).toBe('AGENT');
    expect(figures.totals.total).toBe(centsToPesos(Number(own.total)));
    expect(figures.totals.payments).toBe(own.payments);
  });
});
