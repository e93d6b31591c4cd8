/**
 * Daily fee accrual benchmark: jobs/accrual.ts accrueFees over 100,000 active loans,
 * 20% of them with installments past due that no accrual has seen yet.
 *
 *   npm run bench:accrual -- [--customers 100000] [--regenerate] [--keep] [--prefix prestaya_bench_accrual]
 *
 * The data (bench:generate --profile accrual: one ACTIVE loan per customer, 20% with their oldest
 * unpaid installment 1–28 days past due, still PENDING and without fees) is generated into the
 * template database prestaya_bench_accrual_template once a day and again after a new migration (or
 * with --regenerate); every run works on a fresh copy (CREATE DATABASE … TEMPLATE, a file copy) since the accrual changes what it runs on:
 *
 *   1. first run through today: every fee since each due date (capped), installments DELAYED, loans
 *      recomputed (target ≤ 10 s);
 *   2. rerun through today: nothing to do, the idempotent path (target ≤ 2 s);
 *   3. the next day's run: one more fee per overdue installment under its cap (the everyday case).
 *
 * Prints seconds, loans/s (active loans examined per second) and fees/s for each, then each step's
 * seconds and the WAL the server wrote meanwhile (pg_current_wal_insert_lsn: the whole server's, so
 * other databases' writes count too) and the CPU seconds of the database's backends. With --explain, every
 * statement of the first run over 0.2 s prints its EXPLAIN (ANALYZE, BUFFERS, WAL) (auto_explain;
 * the plans' own instrumentation makes that run slower).
 */
import { readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { addDays, businessDate, OPEN_STATUSES, PAYABLE_INSTALLMENT_STATUSES } from '@prestaya/domain';
import { type AccrualResult, type AccrualStep, accrueFees, literalList } from '@prestaya/server/bench';
import pg from 'pg';
import { generate } from './generate/generate.ts';
import { explainOff, explainOn } from './lib/auto-explain.ts';
import { BUSINESS_TIME_ZONE } from './lib/business-time.ts';
import { DEFAULT_BENCH_URL, dropPostgresDatabase, openTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    regenerate: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    // Another name for the template and the run's copy, so that two people can run it on one server.
    prefix: { type: 'string', default: 'prestaya_bench_accrual' },
  },
});
const customers = Number(values.customers);
const timeZone = BUSINESS_TIME_ZONE;
const today = businessDate(new Date(), timeZone);
const server = new URL(process.env.DATABASE_URL || DEFAULT_BENCH_URL);
const urlOf = (name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};
if (!/^prestaya_bench\w*$/.test(values.prefix))
  throw new Error('--prefix: prestaya_bench followed by letters, digits or _');
const TEMPLATE = `${values.prefix}_template_${customers}`;
const RUN = `${values.prefix}_run`;

async function maintenance<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The business day and newest migration the template was generated with (the database's comment). */
const templateStamp = await maintenance(async (client) => {
  const result = await client.query<{ day: string | null }>(
    "select shobj_description(oid, 'pg_database') as day from pg_database where datname = $1",
    [TEMPLATE],
  );
  return result.rowCount === 0 ? undefined : (result.rows[0]?.day ?? null);
});

// The generation day and the newest migration: data generated on another day would be a day (or more)
// behind, and data laid out by older migrations would miss a storage setting (a fillfactor applies to
// pages written after it).
const newestMigration = readdirSync(new URL('../apps/server/drizzle/', import.meta.url))
  .filter((name) => name.endsWith('.sql'))
  .sort()
  .at(-1);
const templateKey = `${today} ${newestMigration}`;
if (values.regenerate || templateStamp !== templateKey) {
  console.log(`Generating ${customers} customers (profile accrual, as of ${today}) into ${TEMPLATE}`);
  const target = await openTarget({ databaseUrl: urlOf(TEMPLATE), create: true, reset: true });
  try {
    await generate(target, { customers, seed: 2026, today, timeZone, profile: 'accrual' });
  } finally {
    await target.close();
  }
  await maintenance((client) => client.query(`comment on database ${TEMPLATE} is '${templateKey}'`));
}

await dropPostgresDatabase(urlOf(RUN));
const t0 = performance.now();
await maintenance((client) => client.query(`create database ${RUN} template ${TEMPLATE}`));
// The copy's pages are written out now, not by a checkpoint in the middle of the timed runs (it made
// the first run vary from 9.7 to 12.3 s); a lender's database is not a file copy made seconds ago.
await maintenance((client) => client.query('checkpoint'));
console.log(`fresh copy ${RUN} in ${((performance.now() - t0) / 1000).toFixed(1)} s (checkpoint included)`);

const target = await openTarget({ databaseUrl: urlOf(RUN) });
try {
  const [shape] = await target.query<{ loans: number; overdue: number; fees: number }>(
    `select (select count(*)::int from loans where status in (${literalList(OPEN_STATUSES)})) as loans,
            (select count(distinct loan_id)::int from scheduled_payments
              where status in (${literalList(PAYABLE_INSTALLMENT_STATUSES)}) and due_date < $1::date) as overdue,
            (select count(*)::int from fees) as fees`,
    [today],
  );
  if (!shape) throw new Error('no data');
  console.log(
    `${shape.loans} active loans, ${shape.overdue} (${((100 * shape.overdue) / shape.loans).toFixed(0)}%) with installments past due, ${shape.fees} fees so far`,
  );

  const db = target.database.db;
  const wal = new pg.Client({ connectionString: urlOf('postgres') });
  await wal.connect();
  const walNow = async () => {
    // CPU: utime + stime (clock ticks, 1/100 s) of the run database's backends, read by the server, so
    // the steps compare on a machine whose load makes wall-clock figures move by ±50 %.
    const { rows } = await wal.query<{ lsn: string; ticks: string }>(
      `select pg_current_wal_insert_lsn()::text as lsn,
              (select coalesce(sum(split_part(stat, ' ', 14)::bigint + split_part(stat, ' ', 15)::bigint), 0)
                 from (select pg_read_file('/proc/' || pid || '/stat') as stat
                         from pg_stat_activity where datname = $1) s)::text as ticks`,
      [RUN],
    );
    const [hi = '0', lo = '0'] = (rows[0]?.lsn ?? '0/0').split('/');
    return {
      bytes: BigInt(`0x${hi}`) * 2n ** 32n + BigInt(`0x${lo}`),
      cpu: Number(rows[0]?.ticks ?? 0) / 100,
    };
  };
  const mb = (bytes: bigint) => (Number(bytes) / 1e6).toFixed(1);
  const run = async (label: string, throughDate: string, limit: number | null, explain = false) => {
    const steps: string[] = [];
    let mark = { at: performance.now(), wal: await walNow() };
    const onStep = async (step: AccrualStep) => {
      const next = { at: performance.now(), wal: await walNow() };
      steps.push(
        `${step} ${((next.at - mark.at) / 1000).toFixed(2)} s (database CPU ${(next.wal.cpu - mark.wal.cpu).toFixed(2)} s), ${mb(next.wal.bytes - mark.wal.bytes)} MB WAL`,
      );
      mark = { at: performance.now(), wal: next.wal };
    };
    if (explain) await explainOn(target.database);
    const cpuBefore = (await walNow()).cpu;
    const started = performance.now();
    const result: AccrualResult = await accrueFees(db, { throughDate, timeZone, onStep });
    const seconds = (performance.now() - started) / 1000;
    const cpu = (await walNow()).cpu - cpuBefore;
    const verdict = limit === null ? '' : ` (target ≤ ${limit} s: ${seconds <= limit ? 'met' : 'MISSED'})`;
    console.log(
      `${label.padEnd(26)} ${seconds.toFixed(2).padStart(6)} s  ${Math.round(shape.loans / seconds)
        .toString()
        .padStart(7)} loans/s  ${Math.round(result.feesCreated / seconds)
        .toString()
        .padStart(
          7,
        )} fees/s  (${result.feesCreated} fees, ${result.installmentsDelayed} installments delayed, ${result.loansUpdated} loans updated)${verdict}`,
    );
    console.log(`    database CPU ${cpu.toFixed(2)} s; steps: ${steps.join('; ')}`);
    if (explain) await explainOff(target.database);
  };
  console.log(
    `load average before the runs: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  await run(`first run through ${today}`, today, 10, values.explain);
  await run(`rerun through ${today}`, today, 2);
  await run(`next day ${addDays(today, 1)}`, addDays(today, 1), null);
  await wal.end();
  console.log(
    `load average after the runs: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await target.close();
  if (!values.keep) await dropPostgresDatabase(urlOf(RUN));
}
