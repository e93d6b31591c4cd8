/**
 * CSV export figures. Not a test: it prints numbers.
 *
 *   npx tsx bench/exports.ts [customers=100050] [auditRows=200000]
 *
 * A fresh PGlite (or, with DATABASE_URL, a scratch PostgreSQL database; the app's own openDatabase +
 * migrations) with N customers and an audit trail of
 * `auditRows` address rows, bulk-inserted in SQL. Then through app.inject (auth, validation, streaming
 * and collection of the whole body included; no network):
 * - GET /api/v1/customers/export.csv — time, bytes, rows written (capped at 100,000), peak RSS growth;
 * - the same with a search term that narrows it (the list's trigram-indexed `search_text`);
 * - GET /api/v1/audit/customer/{id} — the 'Historial' query, and its EXPLAIN (the partial expression
 *   index on the addresses' customer must serve it, not a scan of the trail).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp, createUser, loadConfig, migrateDatabase, openDatabase } from '@prestaya/server/bench';
import { sql } from 'drizzle-orm';
import pg from 'pg';

const CUSTOMERS = Number(process.argv[2] ?? 100_050);
const AUDIT_ROWS = Number(process.argv[3] ?? 200_000);

const ms = (since: number) => `${(performance.now() - since).toFixed(0)} ms`;

/** Runs `work` while sampling the RSS every 10 ms; answers its result and the peak growth in MB. */
async function withPeakRss<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number }> {
  const base = process.memoryUsage().rss;
  let peak = base;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, peakMb: (peak - base) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
}

/** node-postgres and PGlite both answer `execute` with `{ rows }`. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** With DATABASE_URL: a throw-away database `prestaya_bench_<random>` on that server, dropped after. */
async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `prestaya_bench_${randomBytes(6).toString('hex')}`;
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'prestaya-bench-exports-'));
  const adminUrl = process.env.DATABASE_URL;
  const scratch = adminUrl ? await scratchPostgres(adminUrl) : undefined;
  const config = loadConfig(
    { DATA_DIR: dir, LOG_LEVEL: 'silent', ...(scratch ? { DATABASE_URL: scratch.url } : {}) },
    dir,
  );
  const database = await openDatabase(scratch ? { databaseUrl: scratch.url } : { dataDir: config.pgliteDir });
  console.log(`database: ${database.kind}`);
  try {
    await migrateDatabase(database);
    const password = 'Bench2026!';
    const admin = await createUser(database.db, null, {
      name: 'Admin',
      lastName: 'Bench',
      username: 'admin@bench.mx',
      password,
      pin: '4826',
      roles: ['ROLE_ADMIN'],
      status: 'A',
    });

    let started = performance.now();
    await database.db.execute(sql`
      insert into customers (id, name, last_name, second_last_name, phone, curp, agent_id, search_text)
      select gen_random_uuid(), 'Lucía ' || n, 'Núñez', case when n % 10 = 0 then null else 'Ibáñez' end,
             lpad((5500000000 + n)::text, 10, '0'), 'GOMJ' || lpad(n::text, 14, '0'), ${admin.id}::uuid,
             'lucia ' || n || ' nunez ibanez ' || lpad((5500000000 + n)::text, 10, '0')
        from generate_series(1, ${CUSTOMERS}) as n`);
    console.log(`${CUSTOMERS} customers inserted in ${ms(started)}`);
    started = performance.now();
    if (AUDIT_ROWS > 0)
      await database.db.execute(sql`
      insert into audit_log (id, at, user_id, entity, entity_id, action, after)
      select gen_random_uuid(), now() - n * interval '1 second', ${admin.id}::uuid, 'address', gen_random_uuid()::text,
             'created', jsonb_build_object('customerId', c.id)
        from generate_series(1, ${AUDIT_ROWS}) as n
        join customers c on c.num = n % ${CUSTOMERS} + 1`);
    await database.db.execute(sql`vacuum analyze`);
    console.log(`${AUDIT_ROWS} audit rows inserted in ${ms(started)} (then VACUUM ANALYZE)`);

    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'admin@bench.mx', password },
    });
    const headers = { authorization: `Bearer ${login.json().access_token}` };

    for (const [label, url] of [
      ['all customers', '/api/v1/customers/export.csv'],
      ['query=lucia 12', '/api/v1/customers/export.csv?query=lucia%2012'],
      ['orderBy=name desc', '/api/v1/customers/export.csv?orderBy=name&order=desc'],
    ] as const) {
      started = performance.now();
      const cpu = process.cpuUsage();
      const { result: response, peakMb } = await withPeakRss(() =>
        app.inject({ method: 'GET', url, headers }),
      );
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      const lines = response.rawPayload.toString('utf8').split('\r\n').length - 2;
      console.log(
        `export ${label}: ${response.statusCode} in ${ms(started)} (CPU ${cpuMs.toFixed(0)} ms), ${(response.rawPayload.length / 1024 / 1024).toFixed(1)} MB, ` +
          `${lines} rows (X-Total-Count ${response.headers['x-total-count']}, truncated: ${response.headers['x-export-truncated'] ?? 'no'}), ` +
          `peak RSS +${peakMb.toFixed(0)} MB (the collected body included)`,
      );
    }

    const [someone] = rowsOf<{ id: string }>(
      await database.db.execute(sql`select id from customers where num = 12 limit 1`),
    );
    const id = someone?.id ?? '';
    const samples: number[] = [];
    for (let i = 0; i < 30; i++) {
      started = performance.now();
      const response = await app.inject({ method: 'GET', url: `/api/v1/audit/customer/${id}`, headers });
      samples.push(performance.now() - started);
      if (i === 0) console.log(`history of customer 12: ${response.json().data.length} rows`);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `history p50 ${samples[15]?.toFixed(1)} ms, max ${samples.at(-1)?.toFixed(1)} ms over 30 requests`,
    );
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await database.db.execute(sql`
      explain select * from audit_log
       where (entity = 'customer' and entity_id = ${id})
          or (audit_log.entity = 'address'
              and coalesce(audit_log.after ->> 'customerId', audit_log.before ->> 'customerId') = ${id})
       order by at desc, id desc limit 200`),
    );
    console.log(plan.map((row) => `  ${row['QUERY PLAN']}`).join('\n'));
    await app.close();
  } finally {
    await database.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
