/**
 * Customer search benchmark (target: the first page over 10,000 customers in under 50 ms on PGlite).
 * Not a test: it prints figures.
 *
 *   npx tsx bench/customers-search.ts [customers=10000] [requests=200]
 *
 * A fresh PGlite in a temporary directory (the app's own openDatabase + migrations), 10,000 realistic
 * customers bulk-inserted with `search_text` from the same pure function the service uses, then
 * `GET /api/v1/customers?page=1&size=10&query=…` through app.inject (routing, auth, validation,
 * serialisation included; no network). Each query kind is measured before and after VACUUM ANALYZE:
 * PGlite has no autovacuum daemon, so a real PGlite database may never have planner statistics nor
 * have its GIN pending list merged.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { customerSearchText } from '@prestaya/domain';
import {
  buildApp,
  containsPattern,
  createUser,
  customers,
  fakePerson,
  loadConfig,
  loadSessionUser,
  migrateDatabase,
  mulberry32,
  NATIONWIDE,
  openDatabase,
  users,
} from '@prestaya/server/bench';
import { asc, eq, like, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { pagedTotal } from './lib/paged.ts';

const CUSTOMERS = Number(process.argv[2] ?? 10_000);
const REQUESTS = Number(process.argv[3] ?? 200);
const WARM_UP = 20;
const AGENTS = 20;
const BATCH = 500;

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? 0;
  const total = samples.reduce((sum, x) => sum + x, 0);
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) ?? 0, perSecond: (samples.length / total) * 1000 };
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'prestaya-bench-'));
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent' }, dir);
  const database = await openDatabase({ dataDir: config.pgliteDir });
  try {
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    let started = performance.now();
    await migrateDatabase(database);
    console.log(`PGlite at ${config.pgliteDir}: migrated in ${(performance.now() - started).toFixed(0)} ms`);

    // Staff: one admin (sees everyone) and AGENTS agents sharing the customers.
    const staff = { password: 'Bench2026!', pin: '4826', status: 'A' as const };
    const admin = await createUser(database.db, null, {
      ...staff,
      name: 'Admin',
      lastName: 'Bench',
      username: 'admin@bench.mx',
      roles: ['ROLE_ADMIN'],
    });
    const agentIds: string[] = [];
    for (let i = 0; i < AGENTS; i++) {
      const agent = await createUser(database.db, null, {
        ...staff,
        name: `Agente ${i + 1}`,
        lastName: 'Bench',
        username: `agente${i + 1}@bench.mx`,
        roles: ['ROLE_USER'],
      });
      agentIds.push(agent.id);
    }

    started = performance.now();
    const rng = mulberry32(20261122);
    const usedCurps = new Set<string>();
    for (let offset = 0; offset < CUSTOMERS; offset += BATCH) {
      const rows = [];
      for (let i = offset; i < Math.min(CUSTOMERS, offset + BATCH); i++) {
        const { customer } = fakePerson(rng, { region: NATIONWIDE, usedCurps, byFrequency: true });
        rows.push({
          id: uuidv7(),
          name: customer.name,
          lastName: customer.lastName,
          secondLastName: customer.secondLastName ?? null,
          phone: customer.phone,
          curp: customer.curp,
          agentId: agentIds[i % AGENTS] as string,
          searchText: customerSearchText(customer),
        });
      }
      await database.db.insert(customers).values(rows);
    }
    const inserted = await database.db.$count(customers);
    console.log(`${inserted} customers inserted in ${(performance.now() - started).toFixed(0)} ms`);

    const app = await buildApp({ config, database, logger: false });
    await app.ready();
    // A session as a sign-in would start it (new users are at token version 0).
    const tokenFor = async (userId: string) =>
      app.issueToken(
        await loadSessionUser(database.db, {
          userId,
          tokenVersion: 0,
          signedInAt: Math.floor(Date.now() / 1000),
          sessionId: randomUUID(),
        }),
      );
    const adminToken = await tokenFor(admin.id);
    const agentToken = await tokenFor(agentIds[0] as string);

    const kinds = [
      { label: 'no query (admin)', query: '', token: adminToken },
      { label: "name with accent 'Gómez'", query: 'Gómez', token: adminToken },
      { label: "name without accent 'gomez'", query: 'gomez', token: adminToken },
      { label: "two names 'maria hernandez'", query: 'maria hernandez', token: adminToken },
      { label: "rare 'zoe ixtlapale'", query: 'zoe ixtlapale', token: adminToken },
      { label: "phone fragment '5512'", query: '5512', token: adminToken },
      { label: "phone fragment '81 23'", query: '81 23', token: adminToken },
      { label: "2 letters 'ez' (no trigram)", query: 'ez', token: adminToken },
      { label: "agent's portfolio 'gomez'", query: 'gomez', token: agentToken },
      { label: 'no query, orderBy=name', query: '', token: adminToken, extra: '&orderBy=name' },
    ];

    const measure = async () => {
      console.log(
        `\n${'query kind'.padEnd(32)} ${'matches'.padStart(7)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'req/s'.padStart(7)}`,
      );
      for (const kind of kinds) {
        const url = `/api/v1/customers?page=1&size=10${kind.query ? `&query=${encodeURIComponent(kind.query)}` : ''}${kind.extra ?? ''}`;
        const headers = { authorization: `Bearer ${kind.token}` };
        let matches = '';
        for (let i = 0; i < WARM_UP; i++) {
          const response = await app.inject({ method: 'GET', url, headers });
          if (response.statusCode !== 200)
            throw new Error(`${url} → ${response.statusCode} ${response.body}`);
          matches = pagedTotal(response.json()) ?? '';
        }
        const samples: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const t0 = performance.now();
          const response = await app.inject({ method: 'GET', url, headers });
          samples.push(performance.now() - t0);
          if (response.statusCode !== 200) throw new Error(`${url} → ${response.statusCode}`);
        }
        const s = stats(samples);
        console.log(
          `${kind.label.padEnd(32)} ${String(matches).padStart(7)} ${s.p50.toFixed(2).padStart(8)} ${s.p95.toFixed(2).padStart(8)} ${s.max.toFixed(2).padStart(8)} ${s.perSecond.toFixed(0).padStart(7)}`,
        );
      }
    };

    // The service's page and count queries (same builder calls) for a name, explained with real timings.
    const explainNameQuery = async (term: string) => {
      const page = database.db
        .select({ customer: customers, agent: { id: users.id, num: users.num, name: users.name } })
        .from(customers)
        .leftJoin(users, eq(users.id, customers.agentId))
        .where(like(customers.searchText, containsPattern(term)))
        .orderBy(asc(customers.num), asc(customers.id))
        .limit(10)
        .toSQL();
      const count = database.db
        .select({ n: sql<number>`count(*)` })
        .from(customers)
        .where(like(customers.searchText, containsPattern(term)))
        .toSQL();
      for (const [title, query] of [
        ['page', page],
        ['count', count],
      ] as const) {
        const plan = await database.client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, costs off) ${query.sql}`,
          query.params,
        );
        console.log(`\nEXPLAIN ANALYZE, ${title} query for '${term}':`);
        for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
      }
    };

    console.log(
      `\n== Without planner statistics (a PGlite database nobody has ANALYZEd), ${REQUESTS} requests each ==`,
    );
    await measure();
    await explainNameQuery('gomez');

    // What autovacuum does on PostgreSQL: planner statistics, and the GIN pending list merged into the
    // trigram index (until then every index search also scans the pending list linearly).
    await database.client.exec('vacuum analyze');
    console.log(`\n== After VACUUM ANALYZE, ${REQUESTS} requests each ==`);
    await measure();
    await explainNameQuery('gomez');
    await explainNameQuery('zoe ixtlapale');

    await app.close();
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
