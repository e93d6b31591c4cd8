import { createHash } from 'node:crypto';
import type { WeeklyPaymentsReport } from '@prestaya/contracts';
import { addDays, businessDate, weekOf } from '@prestaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import type { Database } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { type DemoSummary, HISTORY_DAYS, seedDemo } from '../../src/demo/seed.ts';
import { request, testConfig } from './app.ts';
import { createTestDatabase, rowsOf } from './database.ts';

/** The business time zone both seedings run in. */
export const TZ = 'America/Mexico_City';

export const SEED_TIMEOUT = 20 * 60_000;

export const query = async <T>(database: Database, statement: SQL) =>
  rowsOf<T>(await database.db.execute(statement));

export const one = async <T>(database: Database, statement: SQL) =>
  (await query<T>(database, statement))[0] as T;

/**
 * One demo-seeded database for the seed-demo tests: called once at the top of the file, it registers the
 * hooks that seed it (slow: the real services drive ten weeks of a lender's work) and start an app on
 * it. `seeded` is filled in place by beforeAll, so read its properties in tests; `NOW` is the one "now"
 * of both seedings, so they simulate exactly the same moments.
 */
export function useDemoSeed() {
  const NOW = new Date();
  const TODAY = businessDate(NOW, TZ);
  const seeded = {} as { database: Database; summary: DemoSummary; app: FastifyInstance };
  let drop: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const first = await createTestDatabase();
    drop = first.drop;
    seeded.database = first.database;
    await migrateDatabase(first.database);
    seeded.summary = await seedDemo(first.database.db, { seed: 42, now: NOW, timeZone: TZ });
    seeded.app = await buildApp({ config: testConfig(), database: first.database, logger: false });
    await seeded.app.ready();
  }, SEED_TIMEOUT);
  afterAll(async () => {
    await seeded.app?.close();
    await drop();
  });
  const db = () => seeded.database;
  return {
    NOW,
    TODAY,
    FIRST_DAY: addDays(TODAY, -HISTORY_DAYS),
    seeded,
    db,
    deliveredLoansWithWrongFigures: () => deliveredLoansWithWrongFigures(db(), TODAY),
    moneyMovementCounts: () => moneyMovementCounts(db()),
    paidInSql: (from: string, to: string, agentUsername?: string) => paidInSql(db(), from, to, agentUsername),
    report: (token: string, from: string, to: string) => report(seeded.app, token, from, to),
    rowsWithoutTheirAudit: () => rowsWithoutTheirAudit(db()),
  };
}

/** Sunday of the week (Sunday–Saturday) a calendar date falls in. */
export const weekStart = (date: string): string => weekOf(date, 'sunday').from;

/**
 * A digest of the business data, without ids or times of day (uuids and the exact seconds depend on
 * when the seed runs): people, addresses, accounts and their ledger, loans, installments, fees and
 * payments, with dates as business days.
 */
export async function businessDigest(database: Database): Promise<string> {
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

/** The delivered loans whose stored balance, real amount, installments or status disagree with their rows. */
const deliveredLoansWithWrongFigures = (database: Database, TODAY: string) =>
  query<Record<string, unknown>>(
    database,
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

/** Counts of payments and loans missing the ledger movement they must have (and of cancelled approvals). */
const moneyMovementCounts = (database: Database) =>
  one<Record<string, number>>(
    database,
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

/**
 * Σ PAID payments collected in the business days from..to (the report's day of a confirmed
 * collection), computed here, independently of the report.
 */
async function paidInSql(database: Database, from: string, to: string, agentUsername?: string) {
  const agent = agentUsername ? sql`and u.username = ${agentUsername}` : sql``;
  return one<{ total: string; installments: string; fees: string; payments: number }>(
    database,
    sql`select coalesce(sum(p.amount_cents), 0) as total, count(*)::int as payments,
               coalesce(sum((select sum(i.amount_cents) from payment_items i
                              where i.payment_id = p.id and i.scheduled_payment_id is not null)), 0) as installments,
               coalesce(sum((select sum(i.amount_cents) from payment_items i
                              where i.payment_id = p.id and i.fee_id is not null)), 0) as fees
          from payments p join loans l on l.id = p.loan_id join customers c on c.id = l.customer_id
          left join users u on u.id = c.agent_id
         where p.status = 'PAID'
           and (p.collected_at at time zone ${TZ})::date between ${from}::date and ${to}::date ${agent}`,
  );
}

async function report(
  app: FastifyInstance,
  token: string,
  from: string,
  to: string,
): Promise<WeeklyPaymentsReport> {
  const response = await request(app, {
    method: 'GET',
    url: `/api/v1/reports/weekly-payments?from=${from}&to=${to}`,
    token,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

/** Per kind of row the seed created or decided, how many have no audit row saying so. */
const rowsWithoutTheirAudit = (database: Database) =>
  one<Record<string, number>>(
    database,
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
