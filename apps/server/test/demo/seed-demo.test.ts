import { createHash } from 'node:crypto';
import {
  addressInput,
  centsToPesos,
  customerInput,
  LOAN_STATUSES,
  type WeeklyPaymentsReport,
} from '@prestaya/contracts';
import { addDays, businessDate } from '@prestaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import {
  DEMO_MESSAGES,
  DemoRefusedError,
  type DemoSummary,
  HISTORY_DAYS,
  seedDemo,
} from '../../src/demo/seed.ts';
import { DEMO_ADMIN_USERNAME, DEMO_PASSWORD } from '../../src/demo/staff.ts';
import { loginToken, request, testConfig } from '../support/app.ts';
import { createTestDatabase, rowsOf } from '../support/database.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';

/**
 * `npm run seed:demo` on a fresh database (PGlite in memory, or its own PostgreSQL database with
 * DATABASE_URL): what it creates, the system's invariants on it, determinism from the seed, the refusal
 * of a non-empty database, and what the dashboard relies on — the weekly-payments report equals the sum of
 * confirmed payments computed here in SQL. The seed is slow (it drives the real services for ten weeks
 * of a lender's work), so one seeded database serves every check and a second one the determinism.
 */

const TZ = 'America/Mexico_City';
/** One "now" for both seedings, so they simulate exactly the same moments. */
const NOW = new Date();
const TODAY = businessDate(NOW, TZ);
const FIRST_DAY = addDays(TODAY, -HISTORY_DAYS);
const SEED_TIMEOUT = 20 * 60_000;

let first: { database: Database; drop: () => Promise<void> };
let summary: DemoSummary;
let app: FastifyInstance;

const query = async <T>(database: Database, statement: SQL) =>
  rowsOf<T>(await database.db.execute(statement));
const one = async <T>(database: Database, statement: SQL) => (await query<T>(database, statement))[0] as T;
const db = () => first.database;

beforeAll(async () => {
  first = await createTestDatabase();
  await migrateDatabase(first.database);
  summary = await seedDemo(first.database.db, { seed: 42, now: NOW, timeZone: TZ });
  app = await buildApp({ config: testConfig(), database: first.database, logger: false });
  await app.ready();
}, SEED_TIMEOUT);

afterAll(async () => {
  await app?.close();
  await first?.drop();
});

/** Sunday of the week (Sunday–Saturday) a calendar date falls in. */
function weekStart(date: string): string {
  return addDays(date, -new Date(`${date}T00:00:00Z`).getUTCDay());
}

/**
 * A digest of the business data, without ids or times of day (uuids and the exact seconds depend on
 * when the seed runs): people, addresses, accounts and their ledger, loans, installments, fees and
 * payments, with dates as business days.
 */
async function businessDigest(database: Database): Promise<string> {
  const day = (column: string) => `to_char(${column} at time zone '${TZ}', 'YYYY-MM-DD')`;
  const tables: Record<string, string> = {
    users: `select num, username, name, last_name, roles, status, (pin_hash is not null) as has_pin from users order by num`,
    customers: `select c.num, c.name, c.last_name, c.second_last_name, c.phone, c.curp, c.status, u.num as agent,
                       ${day('c.created_on')} as created
                  from customers c left join users u on u.id = c.agent_id order by c.num`,
    addresses: `select c.num, a.street, a.num_exterior, a.num_interior, a.neighborhood, a.city, a.state, a.postal_code
                  from addresses a join customers c on c.id = a.customer_id
                 order by c.num, a.street, a.num_exterior, a.postal_code`,
    accounts: `select name, bank_name, clabe, balance_cents, real_balance_cents from bank_accounts order by name`,
    ledger: `select b.name, t.operation_type, t.amount_cents, t.end_balance_cents, t.end_real_balance_cents, t.reason,
                    ${day('t.created_on')} as day
               from account_transactions t join bank_accounts b on b.id = t.account_id
              order by b.name, t.created_on, t.id`,
    loans: `select l.num, c.num as customer, l.amount_cents, l.status, l.request_date, ${day('l.approved_on')} as approved,
                   ${day('l.activated_on')} as activated, l.current_balance_cents, l.current_real_amount_cents,
                   b.name as account
              from loans l join customers c on c.id = l.customer_id left join bank_accounts b on b.id = l.bank_account_id
             order by l.num`,
    installments: `select l.num, s.payment_number, s.due_date, s.amount_cents, s.status, ${day('s.paid_on')} as paid
                     from scheduled_payments s join loans l on l.id = s.loan_id order by l.num, s.payment_number`,
    fees: `select l.num, s.payment_number, f.fee_date, f.amount_cents, f.status
             from fees f join loans l on l.id = f.loan_id join scheduled_payments s on s.id = f.scheduled_payment_id
            order by l.num, s.payment_number, f.fee_date`,
    payments: `select l.num, p.amount_cents, p.status, p.payment_method, p.channel, u.num as registered_by,
                      b.name as account, ${day('p.created_on')} as created, ${day('p.decided_on')} as decided,
                      (select count(*) from payment_items i where i.payment_id = p.id) as items
                 from payments p join loans l on l.id = p.loan_id left join users u on u.id = p.registered_by
                 left join bank_accounts b on b.id = p.bank_account_id
                order by l.num, p.created_on, p.id`,
    audit: `select entity, action, count(*) from audit_log group by entity, action order by entity, action`,
  };
  const hash = createHash('sha256');
  for (const [name, statement] of Object.entries(tables)) {
    hash.update(name);
    hash.update(JSON.stringify(await query(database, sql.raw(statement))));
  }
  return hash.digest('hex');
}

describe('npm run seed:demo — what it creates', () => {
  it('2 administrators and 4 agents, all with a PIN, and their credentials for the summary', async () => {
    const staff = await query<{ roles: string[]; has_pin: boolean; status: string }>(
      db(),
      sql`select roles, pin_hash is not null as has_pin, status from users`,
    );
    expect(staff.filter((u) => u.roles.includes('ROLE_ADMIN'))).toHaveLength(2);
    expect(staff.filter((u) => u.roles.join() === 'ROLE_USER')).toHaveLength(4);
    expect(staff.every((u) => u.has_pin && u.status === 'A')).toBe(true);
    expect(summary.staff).toHaveLength(6);
    expect(summary.staff.every((u) => /^\d{4,6}$/.test(u.pin) && u.password === DEMO_PASSWORD)).toBe(true);
    // The printed credentials work.
    expect(await loginToken(app, DEMO_ADMIN_USERNAME, DEMO_PASSWORD)).toBeTruthy();
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
    expect(statuses.map((s) => s.status).sort()).toEqual([...LOAN_STATUSES].sort());
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

  it('every delivered loan: currentBalance = unpaid installments + pending fees, its status from them', async () => {
    const wrong = await query<Record<string, unknown>>(
      db(),
      sql`with figures as (
            select l.num, l.status, l.current_balance_cents as balance, l.current_real_amount_cents as real,
                   coalesce((select sum(amount_cents) from scheduled_payments s where s.loan_id = l.id and s.status <> 'PAID'), 0)
                   + coalesce((select sum(amount_cents) from fees f where f.loan_id = l.id and f.status in ('PENDING', 'VALIDATING')), 0)
                     as expected_balance,
                   coalesce((select sum(amount_cents) from scheduled_payments s where s.loan_id = l.id), 0)
                   + coalesce((select sum(amount_cents) from fees f where f.loan_id = l.id and f.status <> 'CANCELLED'), 0)
                     as expected_real,
                   (select count(*) from scheduled_payments s where s.loan_id = l.id) as installments,
                   exists (select 1 from scheduled_payments s where s.loan_id = l.id and s.status <> 'PAID'
                             and s.due_date < ${TODAY}::date) as overdue,
                   exists (select 1 from scheduled_payments s where s.loan_id = l.id and s.status <> 'PAID')
                   or exists (select 1 from fees f where f.loan_id = l.id and f.status in ('PENDING', 'VALIDATING')) as owes
              from loans l)
          select * from figures
           where (status in ('ACTIVE', 'DELAYED', 'PAID')
                   and (balance <> expected_balance or real <> expected_real or installments <> 12
                        or (status = 'PAID') = owes or (status = 'DELAYED') <> overdue))
              or (status in ('PENDING', 'APPROVED', 'CANCELLED') and (installments <> 0 or balance <> 0))`,
    );
    expect(wrong).toEqual([]);
  });

  it('every PAID payment has its Abono, every delivered loan its Reserva and Entrega, every cancelled approval its Liberación', async () => {
    const problems = await one<Record<string, number>>(
      db(),
      sql`select
        (select count(*)::int from payments p where p.status = 'PAID' and 1 <> (
           select count(*) from account_transactions t where t.payment_id = p.id and t.operation_type = 'PAYMENT_DEPOSIT'
              and t.amount_cents = p.amount_cents and t.account_id = p.bank_account_id)) as paid_without_abono,
        (select count(*)::int from account_transactions t join payments p on p.id = t.payment_id
          where p.status <> 'PAID') as abono_of_unpaid,
        (select count(*)::int from payments p where p.amount_cents <> (
           select sum(amount_cents) from payment_items i where i.payment_id = p.id)) as items_not_summing,
        (select count(*)::int from loans l where l.status in ('ACTIVE', 'DELAYED', 'PAID') and (1 <> (
           select count(*) from account_transactions t where t.loan_id = l.id and t.operation_type = 'WITHDRAWAL'
              and t.amount_cents = l.amount_cents and t.reason = 'Entrega préstamo #' || l.num) or 1 <> (
           select count(*) from account_transactions t where t.loan_id = l.id and t.operation_type = 'VIRTUAL_WITHDRAWAL'
              and t.amount_cents = l.amount_cents))) as delivered_without_entrega,
        (select count(*)::int from loans l where l.status in ('PENDING', 'APPROVED', 'CANCELLED') and exists (
           select 1 from account_transactions t where t.loan_id = l.id and t.operation_type = 'WITHDRAWAL'))
          as entrega_of_undelivered,
        (select count(*)::int from loans l where l.status = 'CANCELLED' and l.approved_on is not null and 1 <> (
           select count(*) from account_transactions t where t.loan_id = l.id and t.operation_type = 'RELEASE'))
          as cancelled_without_release,
        (select count(*)::int from scheduled_payments s where s.status = 'PAID' and not exists (
           select 1 from payment_items i join payments p on p.id = i.payment_id
            where i.scheduled_payment_id = s.id and p.status = 'PAID')) as installment_paid_without_payment,
        (select count(*)::int from loans where status = 'CANCELLED' and approved_on is not null) as cancelled_approved`,
    );
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
    const missing = await one<Record<string, number>>(
      db(),
      sql`select
        (select count(*)::int from users u where not exists (
           select 1 from audit_log a where a.entity = 'user' and a.entity_id = u.id::text and a.action = 'created')) as users,
        (select count(*)::int from customers c where not exists (
           select 1 from audit_log a where a.entity = 'customer' and a.entity_id = c.id::text and a.action = 'created')) as customers,
        (select count(*)::int from addresses d where not exists (
           select 1 from audit_log a where a.entity = 'address' and a.entity_id = d.id::text and a.action = 'created')) as addresses,
        (select count(*)::int from loans l where not exists (
           select 1 from audit_log a where a.entity = 'loan' and a.entity_id = l.id::text and a.action = 'created'
              and a.after->>'requestDate' = l.request_date::text)) as loans,
        (select count(*)::int from loans l where l.activated_on is not null and not exists (
           select 1 from audit_log a where a.entity = 'loan' and a.entity_id = l.id::text and a.action = 'activated'
              and abs(extract(epoch from (a.after->>'activatedOn')::timestamptz - l.activated_on)) < 0.003)) as deliveries,
        (select count(*)::int from payments p where not exists (
           select 1 from audit_log a where a.entity = 'payment' and a.entity_id = p.id::text and a.action = 'registered'))
          as payments,
        (select count(*)::int from payments p where p.status in ('PAID', 'REJECTED') and not exists (
           select 1 from audit_log a where a.entity = 'payment' and a.entity_id = p.id::text
              and a.action in ('confirmed', 'rejected') and abs(extract(epoch from a.at - p.decided_on)) < 0.001)) as decisions`,
    );
    expect(missing).toEqual({
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

  it(
    'the same seed gives the same business data; the digest notices a one-centavo change',
    async () => {
      const second = await createTestDatabase();
      try {
        await migrateDatabase(second.database);
        await seedDemo(second.database.db, { seed: 42, now: NOW, timeZone: TZ });
        const digest = await businessDigest(second.database);
        expect(digest).toBe(await businessDigest(db()));
        await second.database.db.execute(
          sql`update fees set amount_cents = amount_cents - 1 where id = (select min(id::text)::uuid from fees)`,
        );
        expect(await businessDigest(second.database)).not.toBe(digest);
      } finally {
        await second.drop();
      }
    },
    SEED_TIMEOUT,
  );
});

describe('dashboard acceptance: GET /reports/weekly-payments on the demo data', () => {
  /** Σ PAID payments confirmed in the business days from..to, computed here, independently of the report. */
  async function paidInSql(from: string, to: string, agentUsername?: string) {
    const agent = agentUsername ? sql`and u.username = ${agentUsername}` : sql``;
    return one<{ total: string; installments: string; fees: string; payments: number }>(
      db(),
      sql`select coalesce(sum(p.amount_cents), 0) as total, count(*)::int as payments,
                 coalesce(sum((select sum(i.amount_cents) from payment_items i
                                where i.payment_id = p.id and i.scheduled_payment_id is not null)), 0) as installments,
                 coalesce(sum((select sum(i.amount_cents) from payment_items i
                                where i.payment_id = p.id and i.fee_id is not null)), 0) as fees
            from payments p join loans l on l.id = p.loan_id join customers c on c.id = l.customer_id
            left join users u on u.id = c.agent_id
           where p.status = 'PAID'
             and (p.decided_on at time zone ${TZ})::date between ${from}::date and ${to}::date ${agent}`,
    );
  }

  async function report(token: string, from: string, to: string): Promise<WeeklyPaymentsReport> {
    const response = await request(app, {
      method: 'GET',
      url: `/api/v1/reports/weekly-payments?from=${from}&to=${to}`,
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  const currentWeek = () => ({ from: weekStart(TODAY), to: addDays(weekStart(TODAY), 6) });
  const pastWeek = () => ({ from: addDays(weekStart(TODAY), -21), to: addDays(weekStart(TODAY), -15) });

  it.each([
    ['the current week', currentWeek],
    ['a past week (three weeks ago)', pastWeek],
  ])('%s: the admin totals equal the sum of PAID payments confirmed that week', async (_, range) => {
    const { from, to } = range();
    const token = await loginToken(app, DEMO_ADMIN_USERNAME, DEMO_PASSWORD);
    const figures = await report(token, from, to);
    const expected = await paidInSql(from, to);
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
    const all = await paidInSql(from, to);
    expect(Number(all.total)).toBeGreaterThan(0);
    expect(Number(all.fees)).toBeGreaterThan(0);
    const agentUsername = 'agente2@demo.prestaya.mx';
    const own = await paidInSql(from, to, agentUsername);
    expect(Number(own.total)).toBeGreaterThan(0);
    expect(Number(own.total)).toBeLessThan(Number(all.total));
    const figures = await report(await loginToken(app, agentUsername, DEMO_PASSWORD), from, to);
    expect(figures.scope).toBe('AGENT');
    expect(figures.totals.total).toBe(centsToPesos(Number(own.total)));
    expect(figures.totals.payments).toBe(own.payments);
  });
});
