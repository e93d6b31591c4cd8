/**
 * `npm run bench:cold-start` — `npm start` on an existing PGlite directory until the first
 * 200 on /health (target ≤ 3 s). The first start creates and migrates the directory and is not counted;
 * then `--runs` starts (default 5) on that directory, each stopped with SIGTERM after its first 200.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchHeader, buildWebApp, serverEnvironment } from './lib/local-server.ts';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '5' }, port: { type: 'string', default: '4391' } },
});
const port = Number(values.port);
const work = mkdtempSync(join(tmpdir(), 'prestaya-cold-start-'));

// npm start serves apps/web/dist (building it when missing); a build elsewhere keeps that step out of the figure.
let webDist = join(root, 'apps/web/dist');
if (!existsSync(join(webDist, 'index.html'))) {
  webDist = join(work, 'dist');
  buildWebApp(root, webDist);
}

async function startOnce(): Promise<number> {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    cwd: root,
    env: serverEnvironment({ port, dataDir: join(work, 'data'), webDist }),
    stdio: 'ignore',
    detached: true,
  });
  try {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/health`)).status === 200)
          return performance.now() - started;
      } catch {}
      if (performance.now() - started > 60_000) throw new Error('sin 200 en /health tras 60 s');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    if (child.pid) process.kill(-child.pid, 'SIGTERM');
    await exited;
  }
}

try {
  console.log(benchHeader('cold-start'));
  const first = await startOnce();
  console.log(`first start (creates + migrates the PGlite directory): ${(first / 1000).toFixed(2)} s`);
  const times: number[] = [];
  for (let i = 0; i < Number(values.runs); i++) times.push(await startOnce());
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  console.log(
    `npm start → first 200 on /health, existing directory (${times.length} runs): ${times.map((t) => (t / 1000).toFixed(2)).join(', ')} s`,
  );
  console.log(
    `median ${(median / 1000).toFixed(2)} s, best ${((sorted[0] ?? 0) / 1000).toFixed(2)} s, worst ${((sorted.at(-1) ?? 0) / 1000).toFixed(2)} s — target ≤ 3 s: ${median <= 3000 ? 'OK' : 'MISSED'}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
