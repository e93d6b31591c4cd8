/**
 * API benchmark: autocannon against the real server on PostgreSQL, beside the floor.
 *
 *   npm run bench:api -- [--db postgres://…/prestaya_bench_10k --db postgres://…/prestaya_bench]
 *                        [--duration 10] [--warm-up 3] [--connections 32] [--log-level warn] [--no-explain]
 *                        [--only <case>] [--cpu-prof <dir>]
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
 * `--cpu-prof <dir>` runs the server under `node --cpu-prof`: a .cpuprofile per database lands in dir
 * when the server stops (open it in Chrome DevTools, or sum self time by package).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { cases } from './api/cases.ts';
import { type LoadResult, runLoad } from './api/load.ts';
import { type DbRun, printScaling, printTable } from './api/report.ts';
import { samplesOf } from './api/samples.ts';
import { BUSINESS_TIME_ZONE } from './lib/business-time.ts';
import { captureStatements, explain } from './lib/explain.ts';
import { type Child, login, startChild, waitQuiet } from './lib/processes.ts';
import { DEFAULT_BENCH_URL, databaseName } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    db: { type: 'string', multiple: true },
    duration: { type: 'string', default: '10' },
    'warm-up': { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
    'log-level': { type: 'string', default: 'warn' },
    'no-explain': { type: 'boolean', default: false },
    only: { type: 'string' },
    'cpu-prof': { type: 'string' },
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

async function benchDatabase(url: string): Promise<DbRun> {
  console.log(`\n=== ${databaseName(url)} ===`);
  const samples = await samplesOf(url, timeZone);
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
      values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [],
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

if (runs.length > 1) printScaling(runs, TARGET_SCALE);
