/**
 * `npm run bench:web` — what a visitor of /, /consulta, /loans/{id} (a real delivered loan, created
 * through the API) and /auth/login downloads, and Lighthouse performance and accessibility: the
 * desktop preset on / and /consulta, the mobile preset (Lighthouse's default: simulated slow 4G, 4×
 * slower CPU) on /, /consulta and /loans/{id}. Prints figures; it is not a test (the byte budgets are
 * also guarded in CI by apps/web/e2e/bundle-budget.spec.ts).
 *
 *   npm run bench:web                 # builds the web app into a temp dir, starts the real server
 *   npm run bench:web -- --runs 5     # Lighthouse runs per page and preset (min and median), default 3
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
import { benchHeader, buildWebApp, LOCAL_ADMIN, serverEnvironment } from './lib/local-server.ts';

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
console.log(`uptime: ${execFileSync('uptime').toString().trim()}`);
console.log('Building apps/web…');
buildWebApp(root, dist);

const server = spawn(process.execPath, [join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: serverEnvironment({ port, dataDir: join(work, 'data'), webDist: dist }),
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** A delivered $10,000 loan (12 installments, ACTIVE) made through the staff API: its statement page. */
async function deliveredLoanId(): Promise<string> {
  const signIn = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(LOCAL_ADMIN),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const call = async (method: string, path: string, body: unknown = {}) => {
    const reply = await fetch(`${base}/api/v1${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (!reply.ok) throw new Error(`${method} ${path}: ${reply.status} ${await reply.text()}`);
    return ((await reply.json()) as { data: { id: string } }).data;
  };
  const account = await call('POST', '/bank-accounts', {
    name: 'Caja Bench',
    bankName: 'Efectivo',
    customerName: 'PrestaYa Oficina',
    balance: 20_000,
  });
  const customer = await call('POST', '/customers', {
    name: 'Carmen',
    lastName: 'Vega',
    secondLastName: 'Ríos',
    phone: '5512345678',
    curp: 'VERC800101MDFNCH05',
  });
  const loan = await call('POST', `/customers/${customer.id}/loans`, { amount: 10_000 });
  await call('PUT', `/loans/${loan.id}/approve`, { bankAccountId: account.id });
  await call('PUT', `/loans/${loan.id}/activate`);
  return loan.id;
}

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

type Preset = 'desktop' | 'mobile';

/**
 * One Lighthouse run; a run Lighthouse itself reports as failed to record (its runtime errors, such as
 * NO_NAVSTART on a cold Chromium) is tried again, up to three times, instead of ending the benchmark.
 */
function lighthouse(path: string, preset: Preset, attempt = 1): ReturnType<typeof lighthouseOnce> {
  try {
    return lighthouseOnce(path, preset);
  } catch (error) {
    if (attempt >= 3) throw error;
    console.log(`(Lighthouse ${preset} ${path}: runtime error, run again)`);
    return lighthouse(path, preset, attempt + 1);
  }
}

function lighthouseOnce(path: string, preset: Preset) {
  const out = execFileSync(
    join(root, 'node_modules/.bin/lighthouse'),
    [
      `${base}${path}`,
      // Lighthouse's default configuration is the mobile one (Moto G Power, slow 4G, 4× CPU slowdown).
      ...(preset === 'desktop' ? ['--preset=desktop'] : []),
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
const best = (xs: number[], higherIsBetter: boolean) => (higherIsBetter ? Math.max(...xs) : Math.min(...xs));
const kib = (n: number) => (n / 1024).toFixed(1);

try {
  await waitForHealth();
  const loanPath = `/loans/${await deliveredLoanId()}`;
  console.log('\n## JavaScript downloaded on first load (Chromium, real server with pre-compressed assets)');
  console.log(
    'page                                           files  wire KiB (br)  gzip -9 KiB  raw KiB  CSS gzip KiB',
  );
  for (const path of ['/', '/consulta', loanPath, '/auth/login']) {
    const m = await measure(path);
    const verdict = m.gzip <= BUDGET_KIB * 1024 ? 'OK' : 'OVER';
    console.log(
      `${path.padEnd(46)} ${String(m.files).padStart(5)}  ${kib(m.transferred).padStart(13)}  ${kib(m.gzip).padStart(11)}  ${kib(m.raw).padStart(7)}  ${kib(m.css).padStart(12)}  ${verdict} (${BUDGET_KIB} KiB)`,
    );
  }

  const cases: [Preset, string][] = [
    ['desktop', '/'],
    ['desktop', '/consulta'],
    ['mobile', '/'],
    ['mobile', '/consulta'],
    ['mobile', loanPath],
  ];
  console.log(
    `\n## Lighthouse 12, ${runs} runs per page: min (best) / median; targets performance ≥ 95, accessibility 100`,
  );
  console.log('preset   page        performance  accessibility  FCP ms       LCP ms       TBT ms     CLS');
  for (const [preset, path] of cases) {
    const results = Array.from({ length: runs }, () => lighthouse(path, preset));
    const show = (key: keyof (typeof results)[number], higherIsBetter: boolean, digits = 0) => {
      const values = results.map((r) => r[key]);
      return `${best(values, higherIsBetter).toFixed(digits)}/${median(values).toFixed(digits)}`;
    };
    const label = path.startsWith('/loans/') ? '/loans/{id}' : path;
    console.log(
      `${preset.padEnd(8)} ${label.padEnd(11)} ${show('performance', true).padStart(11)}  ${show('accessibility', true).padStart(13)}  ${show('fcp', false).padEnd(11)}  ${show('lcp', false).padEnd(11)}  ${show('tbt', false).padEnd(9)}  ${show('cls', false, 3)}`,
    );
    console.log(
      `                     runs: performance ${results.map((r) => r.performance).join(', ')}; accessibility ${results.map((r) => r.accessibility).join(', ')}`,
    );
  }
  console.log(`\nuptime: ${execFileSync('uptime').toString().trim()}`);
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  rmSync(work, { recursive: true, force: true });
}
