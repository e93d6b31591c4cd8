/**
 * Responsiveness under load: does the server keep answering its cheap requests while heavy reads keep
 * its database busy? Not a test: it prints figures.
 *
 *   npm run bench:responsive -- [--target pglite|pg]… [--pglite DATA_DIR] [--pg URL]
 *                               [--connections 50] [--duration 20] [--warm-up 5] [--probe-ms 200]
 *
 * Per target (default the PGlite of `DATA_DIR=… npm run bench:generate`; `--target pg` adds a
 * PostgreSQL database it may write, e.g. a clone of prestaya_bench_gen_10k), the real server as `npm start` runs
 * it (scripts/start.mjs: the esbuild bundle, migrations, the start-up accrual — waited for through
 * /metrics), on a copy of the PGlite directory. Then `--connections` keep-alive connections (autocannon,
 * closed loop) ask for Cobranza's first page ('Hoy', 20 cards), alternately as agent 1 and as the
 * administrator with agent 1 chosen, `--warm-up` seconds discarded, then `--duration` seconds
 * measured; meanwhile two probes, each on its own kept-alive connection, send one request every
 * `--probe-ms`: `/health` (no database) and a signed-in administrator's light request (agent 1's
 * user record: the session-user lookup and one primary-key read). Prints requests/s and p50 / p95 /
 * max of the load and of each probe, with the load average before and after. Target: both probes'
 * p95 within 100 ms.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { runLoad } from './api/load.ts';
import { loadAverage } from './lib/local-server.ts';
import { startChild } from './lib/processes.ts';
import { stats } from './lib/stats.ts';
import { screenClient } from './screens/client.ts';
import { prepareTarget, type TargetName } from './screens/targets.ts';

const { values } = parseArgs({
  options: {
    target: { type: 'string', multiple: true },
    pglite: { type: 'string', default: '/tmp/bench-pglite' },
    pg: { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/prestaya_bench_10k' },
    connections: { type: 'string', default: '50' },
    duration: { type: 'string', default: '20' },
    'warm-up': { type: 'string', default: '5' },
    'probe-ms': { type: 'string', default: '200' },
  },
});
const CONNECTIONS = Number(values.connections);
const DURATION = Number(values.duration);
const WARM_UP = Number(values['warm-up']);
const PROBE_MS = Number(values['probe-ms']);
const TARGET_P95_MS = 100;

interface Probe {
  samples: number[];
  statuses: Record<string, number>;
}

/** One request every PROBE_MS (or right after the previous reply, when it took longer) until `stop`. */
async function probe(baseUrl: string, path: string, token: string, stop: { done: boolean }): Promise<Probe> {
  const client = screenClient(baseUrl);
  const kept: Probe = { samples: [], statuses: {} };
  try {
    while (!stop.done) {
      const reply = await client.get(path, token);
      kept.samples.push(reply.ms);
      kept.statuses[reply.status] = (kept.statuses[reply.status] ?? 0) + 1;
      if (reply.ms < PROBE_MS) await sleep(PROBE_MS - reply.ms);
    }
  } finally {
    client.close();
  }
  return kept;
}

/** Waits until the server's start-up fee accrual has finished (GET /metrics, loopback only). */
async function waitForStartUpAccrual(baseUrl: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const text = await (await fetch(`${baseUrl}/metrics`)).text();
    const line = /^prestaya_accrual_last_run_timestamp_seconds (\S+)/m.exec(text);
    if (line && Number(line[1]) > 0) return;
    await sleep(500);
  }
  throw new Error('the start-up accrual did not finish in 300 s');
}

const fmt = (n: number) => n.toFixed(n < 10 ? 1 : 0).padStart(6);
function line(label: string, samples: number[], seconds: number, statuses: Record<string, number>) {
  const s = stats(samples);
  const codes = Object.entries(statuses)
    .map(([status, n]) => `${n}×${status}`)
    .join(' ');
  const rate = (samples.length / seconds).toFixed(1).padStart(6);
  return `  ${label.padEnd(34)} ${rate} req/s  p50 ${fmt(s.p50)}  p95 ${fmt(s.p95)}  max ${fmt(s.max)} ms  (${codes})`;
}

async function benchTarget(name: TargetName, where: string) {
  const prepared = await prepareTarget({ name, where });
  const env = { ...prepared.serverEnv, PGOPTIONS: '' };
  const server = await startChild('scripts/start.mjs', env, 'server');
  try {
    await waitForStartUpAccrual(server.url);
    const { agentId } = prepared.context;
    const today = '/api/v1/collections?tab=today&page=1&size=20';
    const load = {
      name: 'Cobranza',
      paths: [today, `${today}&agentId=${agentId}`],
      headersFor: (i: number) => ({
        authorization: `Bearer ${i % 2 === 0 ? prepared.tokens.agent : prepared.tokens.admin}`,
      }),
    };
    await runLoad(server.url, load, { connections: CONNECTIONS, durationSeconds: WARM_UP, warmUpSeconds: 0 });
    const before = loadAverage();
    const stop = { done: false };
    const probes = Promise.all([
      probe(server.url, '/health', prepared.tokens.admin, stop),
      probe(server.url, `/api/v1/users/${agentId}`, prepared.tokens.admin, stop),
    ]);
    const heavy = await runLoad(server.url, load, {
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmUpSeconds: 0,
    });
    stop.done = true;
    const [health, light] = await probes;
    console.log(`\n=== ${name}: ${where}, ${prepared.customers} customers ===`);
    console.log(`  load average before ${before}, after ${loadAverage()}`);
    console.log(
      `  ${`Cobranza 'Hoy' p.1 × ${CONNECTIONS} conn`.padEnd(34)} ${heavy.perSecond.toFixed(1).padStart(6)} req/s  p50 ${fmt(heavy.p50)}  p95 ${fmt(heavy.p95)}  max ${fmt(heavy.max)} ms  (${Object.entries(
        heavy.statuses,
      )
        .map(([status, n]) => `${n}×${status}`)
        .join(' ')}${heavy.errors ? `, ${heavy.errors} errors/timeouts` : ''})`,
    );
    for (const [label, kept] of [
      ['GET /health', health],
      ['GET /api/v1/users/:id (admin)', light],
    ] as const) {
      console.log(line(label, kept.samples, DURATION, kept.statuses));
      const p95 = stats(kept.samples).p95;
      console.log(`    ${p95 <= TARGET_P95_MS ? 'meets ' : 'MISSES'} target p95 ≤ ${TARGET_P95_MS} ms`);
    }
  } finally {
    await server.stop();
    prepared.cleanup();
  }
}

const targets = (values.target ?? ['pglite']).map((t) => {
  if (t !== 'pglite' && t !== 'pg') throw new Error(`--target ${t}: pglite or pg`);
  return t;
});
console.log(
  `# bench:responsive — ${new Date().toISOString()}, load average at start ${loadAverage()}; ` +
    `${CONNECTIONS} connections, ${WARM_UP} s warm-up + ${DURATION} s, probes every ${PROBE_MS} ms`,
);
for (const t of targets) {
  if (t === 'pglite') await benchTarget('pglite', values.pglite);
  else await benchTarget('pg10k', values.pg);
}
