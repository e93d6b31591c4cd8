/**
 * Screens benchmark: the requests every back-office screen sends when it opens (bench/screens/
 * requests.ts lists them, as apps/web builds them), as an administrator and as agent 1, timed over
 * HTTP against the app on each generated database. Not a test: it prints figures.
 *
 *   npm run bench:screens -- [--target pg10k|pg100k|pglite]… [--only <text>] [--requests 50]
 *                            [--warm-up 10] [--explain]
 *                            [--pg10k URL] [--pg100k URL] [--pglite DATA_DIR]
 *
 * Per target: the app's own tokens for the administrator and agent 1 (no sign-in), the busiest account
 * (most account_transactions), then the server (bench/lib/read-server.ts: buildApp + HTTP, no start-up
 * jobs; on PostgreSQL its connections are read-only, so a screen that wrote would fail) in a child
 * process, and one client sending each request `--warm-up` times, then `--requests` times, in sequence
 * over one kept-alive connection: p50 / p95 / max per request. Finally every request on every target
 * with the PG 100k ÷ 10k ratio of p95 and the flags (PG 100k p95 ≤ 50 ms, ratio ≤ 1.5, PGlite p95 ≤
 * 100 ms). `--explain`: EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each request on PG 100k.
 */
import { parseArgs } from 'node:util';
import { BUSINESS_TIME_ZONE } from './lib/business-time.ts';
import { loadAverage } from './lib/local-server.ts';
import { startChild } from './lib/processes.ts';
import { stats } from './lib/stats.ts';
import { replySize, type ScreenClient, screenClient } from './screens/client.ts';
import { explainScreens } from './screens/explain.ts';
import {
  type CaseResult,
  printCase,
  printSummary,
  printTargetHeader,
  type RunResults,
} from './screens/report.ts';
import { type ScreenCase, type ScreenContext, screenCases } from './screens/requests.ts';
import { prepareTarget, type ScreenTarget, TARGET_NAMES, type TargetName } from './screens/targets.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', multiple: true },
    only: { type: 'string' },
    requests: { type: 'string', default: '50' },
    'warm-up': { type: 'string', default: '10' },
    explain: { type: 'boolean', default: false },
    pg10k: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/prestaya_bench_10k' },
    pg100k: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/prestaya_bench' },
    pglite: { type: 'string', default: '/tmp/bench-pglite' },
  },
});
const REQUESTS = Number(values.requests);
const WARM_UP = Number(values['warm-up']);

function targetsOf(names: string[] | undefined): ScreenTarget[] {
  const chosen = names ?? TARGET_NAMES;
  for (const name of chosen)
    if (!TARGET_NAMES.includes(name as TargetName))
      throw new Error(`--target ${name}: one of ${TARGET_NAMES.join(', ')}`);
  return TARGET_NAMES.filter((name) => chosen.includes(name)).map((name) => ({
    name,
    where: values[name] as string,
  }));
}

/** `--warm-up` then `--requests` GETs of one case; a reply other than 200 stops the case, not the run. */
async function timeCase(client: ScreenClient, c: ScreenCase, context: ScreenContext, token: string) {
  const path = c.request.path(context);
  const samples: number[] = [];
  let size = '';
  for (let i = 0; i < WARM_UP + REQUESTS; i++) {
    const reply = await client.get(path, token);
    if (reply.status !== 200) {
      const error = `GET ${path} → ${reply.status} ${reply.body.toString().slice(0, 200)}`;
      return { label: c.label, p50: Number.NaN, p95: Number.NaN, max: Number.NaN, size: '', error };
    }
    if (i === 0) size = replySize(reply);
    if (i >= WARM_UP) samples.push(reply.ms);
  }
  const s = stats(samples);
  return { label: c.label, p50: s.p50, p95: s.p95, max: s.max, size };
}

async function timeTarget(target: ScreenTarget, cases: ScreenCase[]): Promise<CaseResult[]> {
  const prepared = await prepareTarget(target);
  console.log(
    `\n=== ${target.name}: ${target.where}, ${prepared.customers} customers; week ${prepared.context.week.from}…${prepared.context.week.to}, busiest account ${prepared.context.busiestAccountId} ===`,
  );
  const results: CaseResult[] = [];
  try {
    const server = await startChild('bench/lib/read-server.ts', prepared.serverEnv, 'server');
    const client = screenClient(server.url);
    try {
      printTargetHeader();
      for (const c of cases) {
        const result = await timeCase(client, c, prepared.context, prepared.tokens[c.role]);
        printCase(result);
        results.push(result);
      }
    } finally {
      client.close();
      await server.stop();
    }
  } finally {
    prepared.cleanup();
  }
  return results;
}

const cases = screenCases(values.only);
if (cases.length === 0) throw new Error(`--only ${values.only}: no screen matches`);
console.log(
  `# bench:screens — ${new Date().toISOString()}, TZ_BUSINESS ${BUSINESS_TIME_ZONE}, load average at start ${loadAverage()}`,
);
console.log(`${cases.length} requests, each ${WARM_UP} warm-up + ${REQUESTS} timed, one client in sequence`);
const results: RunResults = {};
for (const target of targetsOf(values.target)) results[target.name] = await timeTarget(target, cases);
printSummary(results);
console.log(`load average at end ${loadAverage()}`);

if (values.explain) {
  const url = values.pg100k;
  console.log(`\n=== EXPLAIN (ANALYZE, BUFFERS) on ${url} ===`);
  const prepared = await prepareTarget({ name: 'pg100k', where: url });
  try {
    await explainScreens(url, prepared, cases);
  } finally {
    prepared.cleanup();
  }
}
