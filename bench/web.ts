/**
 * `npm run bench:web` — what a visitor of the public pages downloads, and Lighthouse (desktop preset)
 * performance and accessibility on / and /consulta. Prints figures; it is not a test
 * (the byte budget is also guarded in CI by apps/web/e2e/bundle-budget.spec.ts).
 *
 *   npm run bench:web                 # builds the web app into a temp dir, starts the real server
 *   npm run bench:web -- --runs 5     # Lighthouse runs per page (median reported), default 3
 *
 * Needs Debian's Chromium at /usr/bin/chromium (CHROME_PATH overrides).
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { benchHeader, buildWebApp, serverEnvironment } from './lib/local-server.ts';

const BUDGET_KIB = 120;
const root = new URL('..', import.meta.url).pathname;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const chromeFlags = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, port: { type: 'string', default: '4390' } },
});
const runs = Number(values.runs);
const port = Number(values.port);
const base = `http://127.0.0.1:${port}`;

const work = mkdtempSync(join(tmpdir(), 'prestaya-bench-web-'));
const dist = join(work, 'dist');

console.log(benchHeader('web'));
console.log('Building apps/web…');
buildWebApp(root, dist);

const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: serverEnvironment({ port, dataDir: join(work, 'data'), webDist: dist }),
  stdio: ['ignore', 'ignore', 'inherit'],
});

async function waitForHealth() {
  for (let i = 0; i < 1800; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('El servidor no respondió /health');
}

interface PageBytes {
  path: string;
  files: number;
  transferred: number;
  gzip: number;
  raw: number;
  css: number;
}

/** Loads a page in Chromium and sums the JS it fetched: bytes on the wire, gzip -9 of each file, raw. */
async function measure(path: string): Promise<PageBytes> {
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: chromeFlags.filter((f) => f !== '--headless=new'),
  });
  const page = await browser.newPage();
  const pending: Promise<void>[] = [];
  const result: PageBytes = { path, files: 0, transferred: 0, gzip: 0, raw: 0, css: 0 };
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      (async () => {
        const body = await response.body().catch(() => null);
        if (!body) return;
        const sizes = await response.request().sizes();
        if (type === 'stylesheet') {
          result.css += gzipSync(body, { level: 9 }).length;
          return;
        }
        result.files += 1;
        result.raw += body.length;
        result.gzip += gzipSync(body, { level: 9 }).length;
        result.transferred += sizes.responseBodySize;
      })().catch(() => {}),
    );
  });
  await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await browser.close();
  return result;
}

function lighthouse(path: string) {
  const out = execFileSync(
    join(root, 'node_modules/.bin/lighthouse'),
    [
      `${base}${path}`,
      '--preset=desktop',
      '--only-categories=performance,accessibility',
      '--output=json',
      '--quiet',
      `--chrome-flags=${chromeFlags.join(' ')}`,
    ],
    { env: { ...process.env, CHROME_PATH: chromePath }, maxBuffer: 64 * 1024 * 1024 },
  ).toString();
  const report = JSON.parse(out);
  const audit = (id: string) => report.audits[id]?.numericValue as number;
  return {
    performance: Math.round(report.categories.performance.score * 100),
    accessibility: Math.round(report.categories.accessibility.score * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
const kib = (n: number) => (n / 1024).toFixed(1);

try {
  await waitForHealth();
  console.log('\n## JavaScript downloaded on first load (Chromium, real server with pre-compressed assets)');
  console.log('page                         files  wire KiB (br)  gzip -9 KiB  raw KiB  CSS gzip KiB');
  let consultaGzip = 0;
  for (const path of ['/', '/consulta', '/loans/0190d3a4-0000-7000-8000-000000000000', '/auth/login']) {
    const m = await measure(path);
    if (path === '/consulta') consultaGzip = m.gzip;
    console.log(
      `${path.padEnd(28)} ${String(m.files).padStart(5)}  ${kib(m.transferred).padStart(13)}  ${kib(m.gzip).padStart(11)}  ${kib(m.raw).padStart(7)}  ${kib(m.css).padStart(12)}`,
    );
  }
  console.log(
    `/consulta budget: ${kib(consultaGzip)} KiB gzip of ${BUDGET_KIB} KiB → ${consultaGzip <= BUDGET_KIB * 1024 ? 'OK' : 'OVER BUDGET'}`,
  );

  console.log(`\n## Lighthouse 12 desktop preset (median of ${runs} runs; targets ≥ 95)`);
  console.log('page         performance  accessibility  FCP ms  LCP ms  TBT ms  CLS');
  for (const path of ['/', '/consulta']) {
    const results = Array.from({ length: runs }, () => lighthouse(path));
    const pick = (key: keyof (typeof results)[number]) => median(results.map((r) => r[key]));
    console.log(
      `${path.padEnd(12)} ${String(pick('performance')).padStart(11)}  ${String(pick('accessibility')).padStart(13)}  ${pick('fcp').toFixed(0).padStart(6)}  ${pick('lcp').toFixed(0).padStart(6)}  ${pick('tbt').toFixed(0).padStart(6)}  ${pick('cls').toFixed(3)}`,
    );
    console.log(
      `             runs: performance ${results.map((r) => r.performance).join(', ')}; accessibility ${results.map((r) => r.accessibility).join(', ')}`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}
