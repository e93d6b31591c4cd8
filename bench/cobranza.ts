/**
 * 'Cobranza' benchmark (target: an agent with 1,000 customers answered in under 100 ms on PGlite).
 * Not a test: it prints figures.
 *
 *   npm run bench:cobranza -- [--customers 10000] [--profile history|accrual] [--requests 50]
 *                             [--warm-up 10] [--data-dir DIR]
 *
 * Generates a lender (bench/generate: one agent per 1,000 customers, each customer with an address)
 * into a fresh PGlite directory (removed at the end; with `--data-dir` it is generated there once,
 * kept, and reused by the next runs), brings the fee accrual up to today, then times
 * `GET /api/v1/collections` through app.inject (routing, JWT check, session-user lookup, validation,
 * the statement, serialisation; no network) for agent 1 and for the administrator: `--warm-up`
 * requests, then `--requests` measured in sequence: wall-clock min / p50 / p95 / max, and the median
 * CPU time of the process per request (PGlite runs inside it, so that is the whole request's work,
 * whatever else loads the machine). Profile `history`: 1–4 loans per customer, about 37 % of
 * customers with an open loan; `accrual`: every customer has an open loan, 20 % overdue (the worst
 * case for an agent). Finally the statement of the agent's 'Hoy' under EXPLAIN ANALYZE.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { businessDate, OPEN_STATUSES } from '@prestaya/domain';
import {
  type AppDb,
  accrueFees,
  buildApp,
  businessClock,
  collectionDay,
  listCollections,
  literalList,
  loadConfig,
  schema,
} from '@prestaya/server/bench';
import { drizzle } from 'drizzle-orm/pglite';
import { BENCH_ADMIN, benchAgentUsername, generate } from './generate/generate.ts';
import type { Profile } from './generate/settings.ts';
import { BUSINESS_TIME_ZONE } from './lib/business-time.ts';
import { loadAverage } from './lib/local-server.ts';
import { stats } from './lib/stats.ts';
import { openTarget } from './lib/target.ts';
import { sessionToken } from './lib/tokens.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    profile: { type: 'string', default: 'history' },
    requests: { type: 'string', default: '50' },
    'warm-up': { type: 'string', default: '10' },
    'data-dir': { type: 'string' },
  },
});
function profileOf(value: string | undefined): Profile {
  if (value !== 'history' && value !== 'accrual') throw new Error('--profile: history or accrual');
  return value;
}
const profile = profileOf(values.profile);
const REQUESTS = Number(values.requests);
const WARM_UP = Number(values['warm-up']);
const timeZone = BUSINESS_TIME_ZONE;
const today = businessDate(new Date(), timeZone);

const columns = (cells: (string | number)[]) =>
  cells
    .map((cell, i) => (i === 0 ? String(cell).padEnd(32) : String(cell).padStart(i === 1 ? 6 : 8)))
    .join(' ');
const ms = (n: number) => n.toFixed(1);

async function main() {
  const keep = values['data-dir'] !== undefined;
  const dataDir = values['data-dir'] ?? mkdtempSync(join(tmpdir(), 'prestaya-bench-cobranza-'));
  const fresh = !existsSync(join(dataDir, 'db'));
  const target = await openTarget({ dataDir, create: fresh });
  try {
    if (target.database.kind !== 'pglite') throw new Error('expected PGlite');
    const pglite = target.database.client;
    if (fresh) {
      console.log(`Generating ${values.customers} customers (profile ${profile}) into ${target.where}`);
      const report = await generate(target, {
        customers: Number(values.customers),
        seed: 2026,
        today,
        timeZone,
        profile,
        log: () => {},
      });
      console.log(`  ${report.totalRows} rows in ${report.seconds.toFixed(1)} s`);
    }
    const accrual = await accrueFees(target.database.db, { throughDate: today, timeZone });
    console.log(
      `  accrual through ${today}: ${accrual.feesCreated} fees, ${accrual.loansUpdated} loans updated`,
    );

    const [admin] = await target.query<{ id: string }>('select id from users where username = $1', [
      BENCH_ADMIN,
    ]);
    const [agent] = await target.query<{ id: string; customers: number; open: number }>(
      `select u.id, count(distinct c.id)::int as customers,
              count(l.id) filter (where l.status in (${literalList(OPEN_STATUSES)}))::int as open
         from users u join customers c on c.agent_id = u.id left join loans l on l.customer_id = c.id
        where u.username = $1 group by u.id`,
      [benchAgentUsername(1)],
    );
    if (!admin || !agent) throw new Error('no generated staff');
    console.log(`  agent 1: ${agent.customers} customers, ${agent.open} open loans`);

    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, dataDir);
    const app = await buildApp({ config, database: target.database, logger: false });
    await app.ready();
    const tokenFor = (userId: string) => sessionToken(app, target.database.db, userId);
    const agentToken = await tokenFor(agent.id);
    const adminToken = await tokenFor(admin.id);
    const first = await app.inject({
      method: 'GET',
      url: '/api/v1/collections?tab=today&size=20',
      headers: { authorization: `Bearer ${agentToken}` },
    });
    const lastPage = Math.max(1, first.json().totalPages);
    const surname = first.json().data[0]?.customer.lastName ?? 'garcia';

    const cases = [
      { label: 'agent, Hoy, page 1 of 20', token: agentToken, query: 'tab=today&size=20' },
      { label: 'agent, Esta semana, page 1', token: agentToken, query: 'tab=week&size=20' },
      { label: 'agent, Atrasados, page 1', token: agentToken, query: 'tab=overdue&size=20' },
      { label: 'agent, Hoy, 100 cards', token: agentToken, query: 'tab=today&size=100' },
      { label: 'agent, Hoy, last page', token: agentToken, query: `tab=today&size=20&page=${lastPage}` },
      {
        label: `agent, query '${surname}'`,
        token: agentToken,
        query: `tab=week&size=20&query=${encodeURIComponent(surname)}`,
      },
      { label: 'admin, agent 1, Hoy', token: adminToken, query: `tab=today&size=20&agentId=${agent.id}` },
      { label: "admin, 'Todos', Hoy", token: adminToken, query: 'tab=today&size=20' },
    ];

    console.log(
      `\nload average before: ${loadAverage()}; ${WARM_UP} warm-up + ${REQUESTS} requests per case`,
    );
    console.log(columns(['case', 'cards', 'min ms', 'p50 ms', 'p95 ms', 'max ms', 'CPU ms']));
    for (const kase of cases) {
      const call = () =>
        app.inject({
          method: 'GET',
          url: `/api/v1/collections?${kase.query}`,
          headers: { authorization: `Bearer ${kase.token}` },
        });
      let cards = 0;
      for (let i = 0; i < WARM_UP; i++) {
        const response = await call();
        if (response.statusCode !== 200)
          throw new Error(`${kase.query} → ${response.statusCode} ${response.body}`);
        cards = response.json().totalDocuments;
      }
      const samples: number[] = [];
      const cpu: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const cpu0 = process.cpuUsage();
        const t0 = performance.now();
        const response = await call();
        samples.push(performance.now() - t0);
        const used = process.cpuUsage(cpu0);
        cpu.push((used.user + used.system) / 1000);
        if (response.statusCode !== 200) throw new Error(`${kase.query} → ${response.statusCode}`);
      }
      const s = stats(samples);
      console.log(
        columns([kase.label, cards, ms(s.min), ms(s.p50), ms(s.p95), ms(s.max), ms(stats(cpu).p50)]),
      );
    }
    console.log(`load average after: ${loadAverage()}`);
    await app.close();

    // The agent's 'Hoy' statements, grabbed from the service itself, then explained with real timings.
    const statements: { text: string; params: unknown[] }[] = [];
    const logging = drizzle({
      client: pglite,
      schema,
      logger: { logQuery: (text, params) => statements.push({ text, params: [...params] }) },
    }) as unknown as AppDb;
    await listCollections(
      logging,
      { id: agent.id, roles: ['ROLE_USER'] },
      { tab: 'today', page: 1, size: 20 },
      collectionDay(businessClock(timeZone).today(), timeZone),
    );
    for (const [i, statement] of statements.entries()) {
      const plan = await pglite.query<{ 'QUERY PLAN': string }>(
        `explain (analyze, costs off) ${statement.text}`,
        statement.params,
      );
      console.log(`\nEXPLAIN ANALYZE, agent's 'Hoy', statement ${i + 1} of ${statements.length}:`);
      for (const row of plan.rows) console.log(`  ${row['QUERY PLAN']}`);
    }
  } finally {
    await target.close();
    if (!keep) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
