/**
 * API benchmark: autocannon against the real server on PostgreSQL, beside the floor.
 *
 *   npm run bench:api -- [--db postgres://…/prestaya_bench_10k --db postgres://…/prestaya_bench]
 *                        [--duration 10] [--warm-up 3] [--connections 32] [--log-level warn] [--no-explain]
 *
 * For each database (filled by `npm run bench:generate`; default postgres://postgres@127.0.0.1:5432/
 * prestaya_bench), in one run:
 * - the fee accrual is brought up to today first, so the server's start-up accrual has nothing to do;
 * - the real server (apps/server/src/server.ts under tsx, as `npm start`) starts as a child process with
 *   TRUST_PROXY=true: the public lookup is limited to 30 per minute per client IP, so each lookup
 *   request carries a different X-Forwarded-For (as many clients would); every request still pays the
 *   limiter's upsert in PostgreSQL. Request logging is off (LOG_LEVEL=warn) unless --log-level says so;
 * - the floor (bench/api/floor-server.ts) starts beside it: bare Fastify + one primary-key SELECT via pg;
 * - each case runs `--warm-up` seconds (discarded) then `--duration` seconds with 32 connections,
 *   cycling through realistic parameters; p50/p95/p99 are exact (every response time is kept);
 * - the SQL behind each case (grabbed from the services with a logging drizzle handle) is printed with
 *   EXPLAIN (ANALYZE, BUFFERS).
 * With two or more databases, the p95 of each case is compared with the first (smallest) database's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { PagedQuery } from '@prestaya/contracts';
import { businessDate } from '@prestaya/domain';
import pg from 'pg';
import type { AppDb } from '../apps/server/src/db/client.ts';
import { accrueFees } from '../apps/server/src/jobs/accrual.ts';
import { loadSessionUser } from '../apps/server/src/modules/auth/service.ts';
import { listCustomers } from '../apps/server/src/modules/customers/service.ts';
import { listLoans } from '../apps/server/src/modules/loans/list.ts';
import { pendingPayments } from '../apps/server/src/modules/payments/pending.ts';
import { lookupLoan } from '../apps/server/src/modules/public/service.ts';
import { countHit } from '../apps/server/src/plugins/rate-limit.ts';
import { captureStatements, explain } from './api/explain.ts';
import { type LoadCase, type LoadResult, runLoad } from './api/load.ts';
import { type Child, startChild } from './api/processes.ts';
import { BENCH_ADMIN, BENCH_PASSWORD } from './generate/generate.ts';
import { BUSINESS_TIME_ZONE } from './lib/business-time.ts';
import { DEFAULT_BENCH_URL, databaseName, openTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', multiple: true },
    duration: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'log-level': { type: 'string', default: 'warn' },
    'no-explain': { type: 'boolean', default: false },
    only: { type: 'string' },
  },
});
const urls = values.db ?? [process.env.DATABASE_URL || DEFAULT_BENCH_URL];
const load = {
  connections: Number(values.connections),
  durationSeconds: Number(values.duration),
  warmUpSeconds: Number(values['warm-up']),
};
const timeZone = BUSINESS_TIME_ZONE;
const TARGET_P95_MS = 15;
const TARGET_FLOOR_SHARE = 0.5;
const TARGET_SCALE = 1.5;

/** What staff type in the customer search: surnames and first names, with and without accents. */
const NAME_FRAGMENTS = [
  'hernández',
  'garcia',
  'lópez gonzález',
  'maria guadalupe',
  'rocio',
  'quiñones',
  'nuñez',
  'martin',
  'cruz flores',
  'gomez',
];
const LOAN_STATUS_FILTERS = ['DELAYED', 'ACTIVE', 'PENDING', 'APPROVED', 'PAID', 'CANCELLED'];
const pageOf = (extra: Partial<PagedQuery>): PagedQuery => ({ page: 1, size: 10, order: 'asc', ...extra });

interface Samples {
  customers: number;
  adminId: string;
  phones: string[];
  lookups: { num: number; phone: string; id: string }[];
  floorIds: string[];
}

async function samplesOf(url: string): Promise<Samples> {
  const target = await openTarget({ databaseUrl: url });
  try {
    const [count] = await target.query<{ n: number }>('select count(*)::int as n from customers');
    const [admin] = await target.query<{ id: string }>('select id from users where username = $1', [
      BENCH_ADMIN,
    ]);
    if (!count?.n || !admin) throw new Error(`${url}: no generated data; run npm run bench:generate first`);
    // md5 order: a fixed, well-spread sample (same every run).
    const phones = await target.query<{ phone: string }>(
      'select phone from customers order by md5(id::text) limit 200',
    );
    const lookups = await target.query<{ num: number; phone: string; id: string }>(
      `select l.num, c.phone, l.id from loans l join customers c on c.id = l.customer_id
        where l.status in ('ACTIVE', 'DELAYED') order by md5(l.id::text) limit 500`,
    );
    const floor = await target.query<{ id: string }>(
      'select id from customers order by md5(id::text) limit 1000',
    );
    const today = businessDate(new Date(), timeZone);
    const t0 = performance.now();
    const accrual = await accrueFees(target.database.db, { throughDate: today, timeZone });
    console.log(
      `  accrual through ${today} before the run: ${accrual.feesCreated} fees, ${accrual.loansUpdated} loans ` +
        `updated in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    return {
      customers: count.n,
      adminId: admin.id,
      phones: phones.map((r) => r.phone),
      lookups,
      floorIds: floor.map((r) => r.id),
    };
  } finally {
    await target.close();
  }
}

/** Waits until no other session of the database is running a statement (twice in a row). */
async function waitQuiet(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const deadline = Date.now() + 300_000;
    let quiet = 0;
    while (quiet < 2 && Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state <> 'idle'`,
      );
      quiet = rows[0]?.n === 0 ? quiet + 1 : 0;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    await client.end();
  }
}

async function login(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: BENCH_ADMIN, password: BENCH_PASSWORD }),
  });
  const body = (await response.json()) as { access_token?: string; data?: { access_token?: string } };
  const token = body.access_token ?? body.data?.access_token;
  if (!response.ok || !token) throw new Error(`login failed: ${response.status} ${JSON.stringify(body)}`);
  return token;
}

/** A distinct client address per request (10.x.y.z), so no client reaches the 30/min public limit. */
const clientAddress = (i: number) => `10.${(i >>> 16) & 255}.${(i >>> 8) & 255}.${i & 255}`;

interface BenchCase {
  load: LoadCase;
  /** The service calls behind one request, for EXPLAIN. */
  sql?: (db: AppDb, s: Samples) => Promise<unknown>;
  /** Held to the search/lookup targets. */
  targeted: boolean;
}

function cases(s: Samples, token: string): BenchCase[] {
  const auth = { authorization: `Bearer ${token}` };
  const actor = { id: s.adminId, roles: ['ROLE_ADMIN' as const] };
  const first = s.lookups[0];
  if (!first) throw new Error('no ACTIVE or DELAYED loan to look up');
  return [
    {
      targeted: true,
      load: {
        name: 'customer search, name',
        headers: auth,
        paths: NAME_FRAGMENTS.map((q) => `/api/v1/customers?page=1&size=10&query=${encodeURIComponent(q)}`),
      },
      sql: async (db) => {
        await loadSessionUser(db, {
          userId: s.adminId,
          tokenVersion: 0,
          signedInAt: Math.floor(Date.now() / 1000),
        });
        for (const query of ['hernández', 'quiñones', 'maria guadalupe'])
          await listCustomers(db, actor, pageOf({ query }));
      },
    },
    {
      targeted: true,
      load: {
        name: 'customer search, phone',
        headers: auth,
        paths: s.phones.map((phone) => `/api/v1/customers?page=1&size=10&query=${phone}`),
      },
      sql: (db) => listCustomers(db, actor, pageOf({ query: s.phones[0] })),
    },
    {
      targeted: false,
      load: {
        name: 'loans by status',
        headers: auth,
        paths: LOAN_STATUS_FILTERS.map((q) => `/api/v1/loans?page=1&size=10&q=${q}`),
      },
      sql: async (db) => {
        for (const q of ['DELAYED', 'PAID']) await listLoans(db, actor, pageOf({ q }));
      },
    },
    {
      targeted: true,
      load: {
        name: 'public lookup num+phone',
        paths: s.lookups.map((l) => `/public/api/v1/loans/search?num=${l.num}&phone=${l.phone}`),
        headersFor: (i) => ({ 'x-forwarded-for': clientAddress(i) }),
      },
      sql: async (db) => {
        await countHit(db, `public-lookup:${clientAddress(1)}`, 60_000);
        await lookupLoan(db, { num: first.num, phone: first.phone });
      },
    },
    {
      targeted: false,
      load: {
        name: 'pending payments of a loan',
        headers: auth,
        paths: s.lookups.map((l) => `/api/v1/loans/${l.id}/pending-payments`),
      },
      sql: (db) => pendingPayments(db, actor, first.id),
    },
  ];
}

const ms = (x: number) => x.toFixed(1).padStart(7);

function printTable(results: LoadResult[], floor: LoadResult) {
  console.log(
    `\n  ${'case'.padEnd(28)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(7)} ${'p95 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)} ${'÷floor'.padStart(7)} ${'non2xx'.padStart(7)}`,
  );
  for (const r of [floor, ...results]) {
    console.log(
      `  ${r.name.padEnd(28)} ${r.perSecond.toFixed(0).padStart(8)} ${ms(r.p50)} ${ms(r.p95)} ${ms(r.p99)} ${ms(r.max)} ${(r.perSecond / floor.perSecond).toFixed(2).padStart(7)} ${String(r.non2xx + r.errors).padStart(7)}`,
    );
  }
}

interface DbRun {
  url: string;
  customers: number;
  floor: LoadResult;
  results: LoadResult[];
}

async function benchDatabase(url: string): Promise<DbRun> {
  console.log(`\n=== ${databaseName(url)} ===`);
  const samples = await samplesOf(url);
  console.log(`  ${samples.customers} customers`);
  const dataDir = mkdtempSync(join(tmpdir(), 'prestaya-bench-api-'));
  const children: Child[] = [];
  try {
    const server = await startChild(
      'apps/server/src/server.ts',
      {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
        LOG_LEVEL: values['log-level'],
        TRUST_PROXY: 'true',
        WEB_DIST: join(dataDir, 'no-web'),
      },
      'server',
    );
    children.push(server);
    const floorServer = await startChild('bench/api/floor-server.ts', { DATABASE_URL: url }, 'floor server');
    children.push(floorServer);
    // The server's start-up accrual (nothing to create after ours, but it still locks and recomputes
    // every loan in arrears) must finish before measuring: wait until the database is quiet.
    await waitQuiet(url);
    const token = await login(server.url);

    const floor = await runLoad(
      floorServer.url,
      { name: 'floor: pg PK select', paths: samples.floorIds.map((id) => `/customers/${id}`) },
      load,
    );
    console.log(`  floor: ${floor.perSecond.toFixed(0)} req/s, p95 ${floor.p95.toFixed(1)} ms`);
    const all = cases(samples, token).filter((c) => !values.only || c.load.name.includes(values.only));
    const results: LoadResult[] = [];
    for (const c of all) {
      const result = await runLoad(server.url, c.load, load);
      const statuses = Object.entries(result.statuses)
        .map(([status, n]) => `${n}×${status}`)
        .join(' ');
      console.log(
        `  ${c.load.name}: ${result.perSecond.toFixed(0)} req/s, p95 ${result.p95.toFixed(1)} ms (${statuses}${result.errors ? `, ${result.errors} errors/timeouts` : ''})`,
      );
      results.push(result);
    }
    printTable(results, floor);
    for (const [i, c] of all.entries()) {
      const r = results[i] as LoadResult;
      if (!c.targeted) continue;
      const share = r.perSecond / floor.perSecond;
      console.log(
        `  ${r.p95 <= TARGET_P95_MS && share >= TARGET_FLOOR_SHARE ? 'meets ' : 'MISSES'} target (p95 ≤ ${TARGET_P95_MS} ms, ≥ ${TARGET_FLOOR_SHARE * 100}% of floor): ${c.load.name}`,
      );
    }

    if (!values['no-explain']) {
      for (const c of all) {
        if (!c.sql) continue;
        const sql = c.sql;
        const statements = await captureStatements(url, (db) => sql(db, samples));
        console.log(`\n--- SQL of "${c.load.name}" (${statements.length} statements) ---`);
        for (const statement of statements) {
          console.log(`\n${statement.text}\n-- params: ${JSON.stringify(statement.params)}`);
          for (const line of await explain(url, statement)) console.log(`   ${line}`);
        }
      }
    }
    return { url, customers: samples.customers, floor, results };
  } finally {
    for (const child of children.reverse()) await child.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `API benchmark: ${load.connections} connections, ${load.warmUpSeconds} s warm-up + ${load.durationSeconds} s per case`,
);
const runs: DbRun[] = [];
for (const url of urls) runs.push(await benchDatabase(url));

if (runs.length > 1) {
  const [base, ...others] = [...runs].sort((a, b) => a.customers - b.customers) as [DbRun, ...DbRun[]];
  for (const other of others) {
    console.log(
      `\n=== p95 at ${other.customers} customers ÷ p95 at ${base.customers} (target ≤ ${TARGET_SCALE}) ===`,
    );
    for (const r of [other.floor, ...other.results]) {
      const b = [base.floor, ...base.results].find((x) => x.name === r.name);
      if (!b) continue;
      const ratio = r.p95 / b.p95;
      console.log(
        `  ${r.name.padEnd(28)} ${b.p95.toFixed(1).padStart(7)} → ${r.p95.toFixed(1).padStart(7)} ms  ×${ratio.toFixed(2)} ${ratio <= TARGET_SCALE ? '' : ' MISSES'}`,
      );
    }
  }
}
