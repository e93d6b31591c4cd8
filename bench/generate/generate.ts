/**
 * Fills a migrated database with a fake lender's history (world.ts): staff and accounts through
 * ordinary inserts, then every other table through COPY with its foreign keys and secondary indexes
 * dropped (restored afterwards from their own definitions, exactly as the migrations created them),
 * the ledger derived in SQL, and finally VACUUM ANALYZE — the state autovacuum would reach.
 */
import { performance } from 'node:perf_hooks';
import type { Role } from '@prestaya/contracts';
import { bankAccounts, hashSecret, streamFor, users } from '@prestaya/server/bench';
import { BusinessClock } from '../lib/business-time.ts';
import type { Target } from '../lib/target.ts';
import { writeAml } from './aml.ts';
import { writeImports } from './imports.ts';
import { ledgerStatement } from './ledger.ts';
import { visitsStatement } from './visits.ts';
import { type Profile, type WorldBuffers, worldBuffers, writeCustomers } from './world.ts';

export const BENCH_PASSWORD = 'Bench2026!';
export const BENCH_PIN = '4826';
export const BENCH_ADMIN = 'admin@bench.prestaya.mx';
export const benchAgentUsername = (n: number) => `agente${n}@bench.prestaya.mx`;

export interface GenerateOptions {
  customers: number;
  seed: number;
  today: string;
  timeZone: string;
  profile: Profile;
  /** Customers per chunk (memory vs. round trips). */
  chunk?: number;
  log?: (line: string) => void;
}

export interface GenerateReport {
  rows: Record<string, number>;
  totalRows: number;
  phases: Record<string, number>;
  seconds: number;
}

const ACCOUNTS = [
  { name: 'Caja principal', bankName: 'Efectivo', customerName: 'PrestaYa' },
  { name: 'BBVA Operación', bankName: 'BBVA México', customerName: 'PrestaYa S.A. de C.V.' },
  { name: 'Banorte Cobranza', bankName: 'Banorte', customerName: 'PrestaYa S.A. de C.V.' },
  { name: 'Santander Nómina', bankName: 'Santander', customerName: 'PrestaYa S.A. de C.V.' },
];

interface Deferred {
  indexes: { name: string; def: string }[];
  foreignKeys: { table: string; name: string; def: string }[];
}

/** Drops every foreign key and every index not backing a primary key or unique constraint. */
async function dropDeferred(target: Target): Promise<Deferred> {
  const foreignKeys = await target.query<{ table: string; name: string; def: string }>(
    `select conrelid::regclass::text as table, conname as name, pg_get_constraintdef(oid) as def
       from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace order by 1, 2`,
  );
  const indexes = await target.query<{ name: string; def: string }>(
    `select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
       from pg_index i join pg_class c on c.oid = i.indrelid
      where c.relnamespace = 'public'::regnamespace
        and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by 1`,
  );
  for (const fk of foreignKeys) await target.exec(`alter table ${fk.table} drop constraint ${fk.name}`);
  for (const index of indexes) await target.exec(`drop index ${index.name}`);
  return { indexes, foreignKeys };
}

async function restoreDeferred(target: Target, deferred: Deferred, log: (line: string) => void) {
  // A session setting sent with each statement (the pool may hand out another connection each time).
  const memory = target.kind === 'pg' ? "set maintenance_work_mem = '512MB'; " : '';
  for (const index of deferred.indexes) {
    const t0 = performance.now();
    await target.exec(`${memory}${index.def}`);
    log(`  index ${index.name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  for (const fk of deferred.foreignKeys) {
    await target.exec(`alter table ${fk.table} add constraint ${fk.name} ${fk.def}`);
  }
}

/**
 * The report tallies' triggers (migrations report_tallies, installment_due_tally, aml_cash_month_tally,
 * collection_due_tally: with the customers' route keys), off while COPY loads the rows: each chunk's
 * COPY would otherwise fire them with the secondary indexes they read through dropped. The tallies are
 * rebuilt once at the end instead (and each customer's current loan). The loan status tally's triggers
 * (0008) stay on: they read nothing.
 */
const REPORT_TRIGGERS: Record<string, string[]> = {
  loans: [
    'loans_report_tallies_insert',
    'loans_report_tallies_update',
    'loans_report_tallies_delete',
    'loans_due_tally_update',
    // Fired once for the whole COPY of loans, it would look each loan up in an array of every
    // customer with the index dropped: quadratic, over an hour at 1,000,000 customers.
    'loans_customer_current_loan_insert',
    'loans_collection_due_tally_insert',
    'loans_collection_due_tally_update',
    'loans_collection_due_tally_delete',
  ],
  customers: ['customers_due_tally_update'],
  visits: [
    'visits_loan_promised_date_insert',
    'visits_loan_promised_date_update',
    'visits_loan_promised_date_delete',
  ],
  addresses: [
    'addresses_customer_route_insert',
    'addresses_customer_route_update',
    'addresses_customer_route_delete',
  ],
  scheduled_payments: [
    'scheduled_payments_due_tally_insert',
    'scheduled_payments_due_tally_update',
    'scheduled_payments_due_tally_delete',
    'scheduled_payments_unpaid_figures_insert',
    'scheduled_payments_unpaid_figures_update',
    'scheduled_payments_unpaid_keys',
    'scheduled_payments_unpaid_figures_delete',
    'scheduled_payments_collection_due_insert',
    'scheduled_payments_collection_due_update',
    'scheduled_payments_collection_due_delete',
    'scheduled_payments_collection_due_tally_insert',
    'scheduled_payments_collection_due_tally_update',
    'scheduled_payments_collection_due_tally_delete',
  ],
  fees: [
    // The installment key's check (migration fees_installment_key_per_statement) would lock every
    // installment again for each chunk; verify.ts checks the key over every fee instead, as the
    // foreign keys dropped during the load are checked when they are added back.
    'fees_installment_key_insert',
    'fees_installment_key_update',
    'fees_collection_due_insert',
    'fees_collection_due_update',
    'fees_collection_due_delete',
    'fees_collection_due_tally_insert',
    'fees_collection_due_tally_update',
    'fees_collection_due_tally_delete',
  ],
  payments: [
    'payments_report_tallies_insert',
    'payments_report_tallies_update',
    'payments_report_tallies_delete',
    'payments_aml_cash_tally_insert',
    'payments_aml_cash_tally_update',
    'payments_aml_cash_tally_delete',
  ],
  payment_items: [
    'payment_items_collection_insert',
    'payment_items_collection_update',
    'payment_items_collection_delete',
  ],
};

async function setReportTriggers(target: Target, action: 'enable' | 'disable') {
  for (const [table, triggers] of Object.entries(REPORT_TRIGGERS)) {
    for (const trigger of triggers) await target.exec(`alter table ${table} ${action} trigger ${trigger}`);
  }
}

/** Fills an empty, migrated target. */
export async function generate(target: Target, options: GenerateOptions): Promise<GenerateReport> {
  const log = options.log ?? console.log;
  const chunk = options.chunk ?? 2_000;
  const phases: Record<string, number> = {};
  const started = performance.now();
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    phases[name] = (now - mark) / 1000;
    mark = now;
    log(`${name}: ${phases[name].toFixed(1)} s`);
  };

  const [existing] = await target.query<{ n: number }>('select count(*)::int as n from customers');
  if ((existing?.n ?? 0) > 0) throw new Error(`${target.where} already has customers; use --reset`);

  const db = target.database.db;
  const clock = new BusinessClock(options.timeZone);
  // "Now" is 00:30 of `today` on the business clock (after that day's 00:05 accrual), not the wall
  // clock, so the same options always give the same rows.
  const nowMs = clock.at(options.today, 30);
  const rng = streamFor(options.seed, -1);
  // Staff and accounts exist before the first customer.
  const originMs = Date.parse(`${options.today}T12:00:00Z`) - 3 * 365 * 86_400_000;
  const [passwordHash, pinHash] = await Promise.all([hashSecret(BENCH_PASSWORD), hashSecret(BENCH_PIN)]);
  const agentCount = Math.max(5, Math.round(options.customers / 1_000));
  const adminId = rng.uuid7(originMs);
  const staff = [
    {
      id: adminId,
      name: 'Administrador',
      lastName: 'Bench',
      username: BENCH_ADMIN,
      roles: ['ROLE_ADMIN'] satisfies Role[],
    },
    ...Array.from({ length: agentCount }, (_, i) => ({
      id: rng.uuid7(originMs + (i + 1) * 60_000),
      name: `Agente ${i + 1}`,
      lastName: 'Bench',
      username: benchAgentUsername(i + 1),
      roles: ['ROLE_USER'] satisfies Role[],
    })),
  ];
  await db.insert(users).values(
    staff.map((user) => ({
      ...user,
      passwordHash,
      pinHash,
      status: 'A' as const,
      createdOn: new Date(originMs),
      updatedOn: new Date(originMs),
    })),
  );
  const accountIds = ACCOUNTS.map((_, i) => rng.uuid7(originMs + i * 1_000));
  await db.insert(bankAccounts).values(
    ACCOUNTS.map((account, i) => ({
      id: accountIds[i] as string,
      ...account,
      cardNumber: `4152${rng.digits(12)}`,
      clabe: `012${rng.digits(15)}`,
      createdOn: new Date(originMs),
      updatedOn: new Date(originMs),
    })),
  );
  phase('staff and accounts');

  const deferred = await dropDeferred(target);
  phase(`dropped ${deferred.foreignKeys.length} foreign keys and ${deferred.indexes.length} indexes`);
  await setReportTriggers(target, 'disable');

  const settings = {
    seed: options.seed,
    today: options.today,
    nowMs,
    clock,
    profile: options.profile,
    adminId,
    agentIds: staff.slice(1).map((u) => u.id),
    accountIds,
  };
  const buffers: WorldBuffers = worldBuffers();
  const sink = target.sink();
  const takenCurps = new Set<string>();
  for (let from = 0; from < options.customers; from += chunk) {
    const to = Math.min(options.customers, from + chunk);
    writeCustomers(settings, from, to, buffers, takenCurps);
    for (const buffer of Object.values(buffers)) await sink.write(buffer);
    if (to % (chunk * 10) === 0 || to === options.customers) {
      const seconds = (performance.now() - mark) / 1000;
      log(`  ${to} customers, ${buffers.installments.rows} installments (${seconds.toFixed(0)} s)`);
    }
  }
  await sink.finish();
  phase('rows generated and copied');

  const workMem = target.kind === 'pg' ? "set work_mem = '256MB'; " : '';
  await target.exec(`${workMem}${ledgerStatement(adminId)}`);
  phase('ledger derived');

  if (options.profile === 'history') {
    await target.exec(`${workMem}${visitsStatement(options)}`);
    phase('visits derived');
  }

  await restoreDeferred(target, deferred, log);
  phase('indexes and foreign keys restored');

  // A few thousand rows at most, found through the rebuilt indexes (customers' CURP, folded name).
  if (options.profile === 'history') {
    await writeAml(target, settings);
    phase('PLD list');
    await writeImports(target, settings);
    phase('book imports');
  }

  // The same rebuilds the migrations ran: the loans' unpaid figures and figures for 'Cobranza', the
  // tallies from the rows, and each customer's current loan (its insert trigger is off during the load:
  // REPORT_TRIGGERS).
  await target.exec(
    'select loan_unpaid_figures_rebuild(); select loan_collection_due_rebuild(); ' +
      'select report_tallies_rebuild(); select installment_due_tally_rebuild(); ' +
      'select aml_cash_month_tally_rebuild(); ' +
      'select customers_current_loan_refresh_for(array(select distinct customer_id from loans)); ' +
      'select loan_promised_date_rebuild(); select collection_due_tally_rebuild(); ' +
      'select customers_route_rebuild();',
  );
  await setReportTriggers(target, 'enable');
  phase('report tallies rebuilt');

  await target.exec(target.kind === 'pg' ? 'vacuum (analyze)' : 'vacuum analyze');
  phase('vacuum analyze');

  const rows: Record<string, number> = {};
  for (const table of [
    'users',
    'customers',
    'addresses',
    'loans',
    'scheduled_payments',
    'fees',
    'payments',
    'payment_items',
    'bank_accounts',
    'account_transactions',
    'loan_restructurings',
    'loan_write_offs',
    'visits',
    'aml_blocked_persons',
    'aml_matches',
    'aml_cases',
    'book_imports',
    'book_import_rows',
  ]) {
    const [row] = await target.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    rows[table] = row?.n ?? 0;
  }
  const totalRows = Object.values(rows).reduce((sum, n) => sum + n, 0);
  return { rows, totalRows, phases, seconds: (performance.now() - started) / 1000 };
}
