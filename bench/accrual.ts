/**
 * Daily fee accrual benchmark: jobs/accrual.ts accrueFees over 100,000 active loans,
 * 20% of them with installments past due that no accrual has seen yet.
 *
 *   npm run bench:accrual -- [--customers 100000] [--regenerate] [--keep] [--prefix prestaya_bench_accrual]
 *                            [--batch 2000] [--pause 25] [--connections 2] [--probe] [--explain]
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
import {
  ACCRUAL_BATCH_LOANS,
  ACCRUAL_CONNECTIONS,
  ACCRUAL_PAUSE_PERCENT,
  type AccrualResult,
  type AccrualStep,
  accrueFees,
  literalList,
} from '@prestaya/server/bench';
import pg from 'pg';
import { generate } from './generate/generate.ts';
import { type AccrualProbe, PROBE_APPLICATION, startAccrualProbe } from './lib/accrual-probe.ts';
import { explainOff, explainOn } from './lib/auto-explain.ts';
import { BUSINESS_TIME_ZONE } from './lib/business-time.ts';
import { DEFAULT_BENCH_URL, openTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '100000' },
    regenerate: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    // Loans per batch (jobs/accrual.ts ACCRUAL_BATCH_LOANS unless given).
    batch: { type: 'string' },
    // The pause after each batch that wrote, in percent of its duration (ACCRUAL_PAUSE_PERCENT unless given).
    pause: { type: 'string' },
    // Connections working side by side (ACCRUAL_CONNECTIONS unless given).
    connections: { type: 'string' },
    // Times a few screens' first requests against the run's database, idle and during the first run.
    probe: { type: 'boolean', default: false },
    // Another name for the template and the run's copy, so that two people can run it on one server.
    prefix: { type: 'string', default: 'prestaya_bench_accrual' },
  },
});
const customers = Number(values.customers);
const batchLoans = values.batch === undefined ? ACCRUAL_BATCH_LOANS : Number(values.batch);
const pausePercent = values.pause === undefined ? ACCRUAL_PAUSE_PERCENT : Number(values.pause);
const connections = values.connections === undefined ? ACCRUAL_CONNECTIONS : Number(values.connections);
const timeZone = BUSINESS_TIME_ZONE;
const today = businessDate(new Date(), timeZone);
const server = new URL(process.env.DATABASE_URL || DEFAULT_BENCH_URL);
const urlOf = (name: string) => {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
};
if (!/^prestaya_\w+$/.test(values.prefix))
  throw new Error('--prefix: prestaya_ followed by letters, digits or _');
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

// The run's copy is this script's own (its name built from the checked prefix): dropped here.
const dropRun = () => maintenance((client) => client.query(`drop database if exists ${RUN} with (force)`));
await dropRun();
const t0 = performance.now();
await maintenance((client) => client.query(`create database ${RUN} template ${TEMPLATE}`));
// The time spent reading pages from outside PostgreSQL's buffers (the page cache or the disk), printed
// per run: at 1,000,000 it is the part of the first run that grows faster than the book.
await maintenance((client) => client.query(`alter database ${RUN} set track_io_timing = on`));
const target = await openTarget({ databaseUrl: urlOf(RUN) });
// The copy's pages, and those of any migration newer than the template that opening it applied (one
// that rewrites a table), are written out now, not by a checkpoint in the middle of the timed runs (it
// made the first run vary from 9.7 to 12.3 s): a lender's database is not a file copy made seconds ago,
// and code compared on one template starts from the same state (a table rewritten after the checkpoint
// would need no full-page image in the first run).
await maintenance((client) => client.query('checkpoint'));
console.log(
  `fresh copy ${RUN} in ${((performance.now() - t0) / 1000).toFixed(1)} s (migrations and checkpoint included)`,
);
let probe: AccrualProbe | undefined;
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
    // CPU: utime + stime (clock ticks, 1/100 s) of the run database's client backends (not autovacuum's,
    // nor the probe server's), read by the server, so the steps compare on a machine whose load makes
    // wall-clock figures move by ±50 %.
    const { rows } = await wal.query<{ lsn: string; ticks: string; reads: string; read_ms: number }>(
      `select pg_current_wal_insert_lsn()::text as lsn,
              (select blks_read from pg_stat_database where datname = $1)::text as reads,
              (select blk_read_time from pg_stat_database where datname = $1) as read_ms,
              (select coalesce(sum(split_part(stat, ' ', 14)::bigint + split_part(stat, ' ', 15)::bigint), 0)
                 from (select pg_read_file('/proc/' || pid || '/stat') as stat
                         from pg_stat_activity
                        where datname = $1 and backend_type = 'client backend'
                          and application_name <> '${PROBE_APPLICATION}') s)::text as ticks`,
      [RUN],
    );
    const [hi = '0', lo = '0'] = (rows[0]?.lsn ?? '0/0').split('/');
    return {
      bytes: BigInt(`0x${hi}`) * 2n ** 32n + BigInt(`0x${lo}`),
      cpu: Number(rows[0]?.ticks ?? 0) / 100,
      reads: Number(rows[0]?.reads ?? 0),
      readMs: Number(rows[0]?.read_ms ?? 0),
    };
  };
  const mb = (bytes: bigint) => (Number(bytes) / 1e6).toFixed(1);
  const run = async (label: string, throughDate: string, limit: number | null, explain = false) => {
    // Steps summed over the batches; each batch's seconds and WAL (from the end of the one before).
    const steps = new Map<AccrualStep, { s: number; cpu: number; wal: bigint }>();
    const batches: { s: number; wal: bigint }[] = [];
    let mark = { at: performance.now(), wal: await walNow() };
    let batchMark = mark;
    const onStep = async (step: AccrualStep) => {
      const next = { at: performance.now(), wal: await walNow() };
      const sum = steps.get(step) ?? { s: 0, cpu: 0, wal: 0n };
      sum.s += (next.at - mark.at) / 1000;
      sum.cpu += next.wal.cpu - mark.wal.cpu;
      sum.wal += next.wal.bytes - mark.wal.bytes;
      steps.set(step, sum);
      mark = { at: performance.now(), wal: next.wal };
    };
    const onBatch = async () => {
      const next = { at: performance.now(), wal: await walNow() };
      batches.push({ s: (next.at - batchMark.at) / 1000, wal: next.wal.bytes - batchMark.wal.bytes });
      batchMark = next;
    };
    if (explain) await explainOn(target.database);
    const before = await walNow();
    const started = performance.now();
    const running = accrueFees(db, {
      throughDate,
      timeZone,
      onStep,
      onBatch,
      batchLoans,
      pausePercent,
      connections,
    });
    const result: AccrualResult =
      probe && label.startsWith('first') ? await probe.during(running) : await running;
    const seconds = (performance.now() - started) / 1000;
    const after = await walNow();
    const cpu = after.cpu - before.cpu;
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
    const stepText = [...steps].map(
      ([step, sum]) => `${step} ${sum.s.toFixed(2)} s (CPU ${sum.cpu.toFixed(2)} s, ${mb(sum.wal)} MB WAL)`,
    );
    console.log(
      `    database CPU ${cpu.toFixed(2)} s, WAL ${mb(after.bytes - before.bytes)} MB, ${after.reads - before.reads} pages read from outside PostgreSQL's buffers in ${((after.readMs - before.readMs) / 1000).toFixed(1)} s; steps: ${stepText.join('; ')}`,
    );
    if (batches.length > 0) {
      const by = <K extends 's' | 'wal'>(key: K) => [...batches].sort((a, b) => (a[key] < b[key] ? -1 : 1));
      const median = <K extends 's' | 'wal'>(key: K) => by(key)[Math.floor(batches.length / 2)]?.[key] ?? 0;
      const max = <K extends 's' | 'wal'>(key: K) => by(key).at(-1)?.[key] ?? 0;
      console.log(
        `    ${batches.length} batches of ≤ ${batchLoans} loans: seconds median ${Number(median('s')).toFixed(2)}, max ${Number(max('s')).toFixed(2)}; WAL median ${mb(BigInt(median('wal')))} MB, max ${mb(BigInt(max('wal')))} MB`,
      );
    }
    if (explain) await explainOff(target.database);
  };
  console.log(
    `load average before the runs: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(
        ', ',
      )}; batches of ${batchLoans} loans on ${connections} connection(s), a pause of ${pausePercent} % after each that wrote (a batch's seconds below include the pause before it${connections > 1 ? "; with several connections the steps' seconds and CPU overlap, so only the run's totals add up" : ''})`,
  );
  // The server settings the figures depend on most (docs/operations.md "PostgreSQL settings for a
  // large book"), so that a pasted result says what it was measured on.
  const settings = await target.query<{ name: string; setting: string }>(
    `select name, current_setting(name) as setting from pg_settings
      where name in ('shared_buffers', 'max_wal_size', 'wal_compression') order by name`,
  );
  console.log(`PostgreSQL: ${settings.map((row) => `${row.name} ${row.setting}`).join(', ')}`);
  if (values.probe) {
    probe = await startAccrualProbe(urlOf(RUN));
    await probe.idle(30);
  }
  await run(`first run through ${today}`, today, customers >= 1_000_000 ? 60 : 10, values.explain);
  await run(`rerun through ${today}`, today, customers >= 1_000_000 ? 10 : 2);
  await run(`next day ${addDays(today, 1)}`, addDays(today, 1), null);
  await wal.end();
  probe?.print();
  console.log(
    `load average after the runs: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
} finally {
  await target.close();
  await probe?.stop();
  if (!values.keep) await dropRun();
}
