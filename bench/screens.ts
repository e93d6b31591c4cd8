/**
 * Screens benchmark: the requests every back-office screen sends when it opens (bench/screens/
 * requests.ts lists them, as apps/web builds them), as an administrator and as agent 1, timed over
 * HTTP against the app on each generated database. Not a test: it prints figures.
 *
 *   npm run bench:screens -- [--target pg10k|pg100k|pg1m|pglite]… [--only <text>] [--skip <text>] [--requests 50]
 *                            [--warm-up 10] [--explain] [--list]
 *                            [--pg10k URL] [--pg100k URL] [--pg1m URL] [--pglite DATA_DIR]
 *
 * Per target: the app's own tokens for the administrator and agent 1 (no sign-in), the busiest account
 * (most account_transactions), then the server (bench/lib/read-server.ts: buildApp + HTTP, no start-up
 * jobs; on PostgreSQL its connections are read-only, so a screen that wrote would fail) in a child
 * process, each with one client over one kept-alive connection. The servers run side by side and each
 * request is sent in rounds, one GET per target per round (`--warm-up` rounds, then `--requests`):
 * p50 / p95 / max per request and target. Finally every request on every target
 * with the PG 100k ÷ 10k and 1M ÷ 100k ratios of p95 and the flags (screens/report.ts). Without
 * --target: pg10k, pg100k and pglite; pg1m only when named. `--explain`: EXPLAIN (ANALYZE, BUFFERS) of the SQL behind each request on PG 100k
 * (`--explain-on pg10k|pg1m` for another; `--explain-brief`: per statement only its scans, joins, sorts,
 * limits with their actual rows and loops, and its execution time: what shows whether it reads a page
 * or the whole table).
 * `--list`: prints the cases (role · screen · call, and the path) and exits, without any database.
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
import { type ScreenCase, screenCases } from './screens/requests.ts';
import {
  DEFAULT_TARGETS,
  type PreparedTarget,
  prepareTarget,
  type ScreenTarget,
  TARGET_NAMES,
  type TargetName,
} from './screens/targets.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', multiple: true },
    only: { type: 'string' },
    skip: { type: 'string' },
    requests: { type: 'string', default: '50' },
    'warm-up': { type: 'string', default: '10' },
    explain: { type: 'boolean', default: false },
    'explain-on': { type: 'string', default: 'pg100k' },
    'explain-brief': { type: 'boolean', default: false },
    list: { type: 'boolean', default: false },
    pg10k: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/prestaya_bench_10k' },
    pg100k: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/prestaya_bench' },
    pg1m: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/prestaya_bench_1m' },
    pglite: { type: 'string', default: '/tmp/bench-pglite' },
  },
});
const REQUESTS = Number(values.requests);
const WARM_UP = Number(values['warm-up']);

function targetsOf(names: string[] | undefined): ScreenTarget[] {
  const chosen = names ?? DEFAULT_TARGETS;
  for (const name of chosen)
    if (!TARGET_NAMES.includes(name as TargetName))
      throw new Error(`--target ${name}: one of ${TARGET_NAMES.join(', ')}`);
  return TARGET_NAMES.filter((name) => chosen.includes(name)).map((name) => ({
    name,
    where: values[name] as string,
  }));
}

/** A target whose server is up: its tokens and context, and the client that times it. */
interface Running {
  target: ScreenTarget;
  prepared: PreparedTarget;
  client: ScreenClient;
  stop(): Promise<void>;
}

async function startTarget(target: ScreenTarget): Promise<Running> {
  const prepared = await prepareTarget(target);
  try {
    const server = await startChild('bench/lib/read-server.ts', prepared.serverEnv, 'server');
    const client = screenClient(server.url);
    return {
      target,
      prepared,
      client,
      stop: async () => {
        client.close();
        await server.stop();
        prepared.cleanup();
      },
    };
  } catch (error) {
    prepared.cleanup();
    throw error;
  }
}

/**
 * One case on every target, interleaved: `--warm-up` rounds, then `--requests` rounds, each round one
 * GET per target, the order rotating from round to round. A request of 1–5 ms has a p95 (the third
 * slowest of 50) that one hiccup of the machine decides; timed back to back in the same rounds, a
 * hiccup lands on any target alike, so the 100k ÷ 10k ratio compares the databases, not the minutes
 * in which each was timed. A reply other than 200 stops the case on that target, not the run.
 */
async function timeCase(running: Running[], c: ScreenCase): Promise<CaseResult[]> {
  const state = running.map((r) => ({
    path: c.request.path(r.prepared.context),
    token: r.prepared.tokens[c.role],
    samples: [] as number[],
    size: '',
    error: undefined as string | undefined,
  }));
  for (let round = 0; round < WARM_UP + REQUESTS; round++) {
    for (let k = 0; k < running.length; k++) {
      const i = (round + k) % running.length;
      const one = state[i];
      const target = running[i];
      if (!one || !target || one.error) continue;
      const reply = await target.client.get(one.path, one.token);
      if (reply.status !== 200) {
        one.error = `GET ${one.path} → ${reply.status} ${reply.body.toString().slice(0, 200)}`;
        continue;
      }
      if (round === 0) one.size = replySize(reply);
      if (round >= WARM_UP) one.samples.push(reply.ms);
    }
  }
  return state.map((one) => {
    if (one.error)
      return {
        label: c.label,
        p50: Number.NaN,
        p95: Number.NaN,
        max: Number.NaN,
        size: '',
        error: one.error,
      };
    const s = stats(one.samples);
    return { label: c.label, p50: s.p50, p95: s.p95, max: s.max, size: one.size };
  });
}

const cases = screenCases(values.only, values.skip);
if (cases.length === 0) throw new Error(`--only ${values.only}: no screen matches`);
if (values.list) {
  const listContext = {
    week: { from: 'FROM', to: 'TO' },
    busiestAccountId: 'ACCOUNT',
    agentId: 'AGENT',
    customerId: 'CUSTOMER',
  };
  for (const c of cases) console.log(`${c.label}\t${c.request.path(listContext)}`);
  process.exit(0);
}
console.log(
  `# bench:screens — ${new Date().toISOString()}, TZ_BUSINESS ${BUSINESS_TIME_ZONE}, load average at start ${loadAverage()}`,
);
console.log(
  `${cases.length} requests, each ${WARM_UP} warm-up + ${REQUESTS} timed rounds, one client per target, the targets interleaved`,
);
const results: RunResults = {};
const running: Running[] = [];
try {
  for (const target of targetsOf(values.target)) running.push(await startTarget(target));
  const perTarget = running.map(() => [] as CaseResult[]);
  for (const c of cases) {
    const timed = await timeCase(running, c);
    for (const [i, result] of timed.entries()) perTarget[i]?.push(result);
  }
  running.forEach((r, i) => {
    const { context } = r.prepared;
    console.log(
      `\n=== ${r.target.name}: ${r.target.where}, ${r.prepared.customers} customers; week ${context.week.from}…${context.week.to}, busiest account ${context.busiestAccountId} ===`,
    );
    printTargetHeader();
    for (const result of perTarget[i] ?? []) printCase(result);
    results[r.target.name] = perTarget[i];
  });
} finally {
  for (const r of running) await r.stop();
}
printSummary(results);
console.log(`load average at end ${loadAverage()}`);

if (values.explain) {
  const on = values['explain-on'];
  if (on !== 'pg10k' && on !== 'pg100k' && on !== 'pg1m')
    throw new Error('--explain-on: pg10k, pg100k or pg1m');
  const url = values[on];
  console.log(`\n=== EXPLAIN (ANALYZE, BUFFERS) on ${on} ${url} ===`);
  const prepared = await prepareTarget({ name: on, where: url });
  try {
    await explainScreens(url, prepared, cases, { brief: values['explain-brief'] });
  } finally {
    prepared.cleanup();
  }
}
