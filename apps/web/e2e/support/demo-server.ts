import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DEMO_BASE_URL, DEMO_PORT } from '../constants.ts';

/**
 * The second journeys server: `npm run seed:demo` (ten weeks of a demo lender, the longest set-up of
 * the run) into its own fresh DATA_DIR, then `npm start` on DEMO_PORT. Playwright's webServer would
 * hold every journey until it answers; started here, in the global set-up, without waiting, the seed
 * runs while the other journeys do, and only dashboard-demo.spec.ts waits for it (waitForDemoServer).
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * A third of the demo lender: every card of the dashboard has figures, and the seed, which runs on
 * PGlite beside the other journeys and takes the CPU from them, is quicker.
 */
const DEMO_CUSTOMERS = 40;

/** Where the seed's and the server's stderr go, and the seed's failure mark, beside the data. */
const logOf = (dataDir: string) => `${dataDir}.log`;
const failedMarkOf = (dataDir: string) => `${dataDir}.seed-failed`;

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2_000) })).ok;
  } catch {
    return false;
  }
}

/** Playwright global set-up: starts the seed and the server in the background; the teardown stops them. */
export default async function startDemoServer() {
  const dataDir = process.env.E2E_DEMO_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DEMO_DATA_DIR no está definido (playwright.config.ts lo define)');
  if (await answers(`${DEMO_BASE_URL}/health`))
    throw new Error(`${DEMO_BASE_URL} ya está en uso: el servidor de demostración necesita ese puerto libre`);
  const log = logOf(dataDir);
  const failed = failedMarkOf(dataDir);
  const script = `npm run --silent seed:demo -- --customers ${DEMO_CUSTOMERS} >/dev/null 2>>"${log}" || { touch "${failed}"; exit 1; }
exec node scripts/start.mjs >/dev/null 2>>"${log}"`;
  const child: ChildProcess = spawn('sh', ['-c', script], {
    cwd: ROOT,
    // Its own process group, so the teardown stops npm, the seed and the server together.
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      PORT: String(DEMO_PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      LOGIN_RATE_LIMIT_MAX: '1000',
      // Always PGlite in the fresh directory, even when the run's DATABASE_URL is PostgreSQL.
      DATABASE_URL: '',
    },
  });
  child.unref();
  return async () => {
    if (child.pid === undefined || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      return; // already gone
    }
    await Promise.race([exited, new Promise((done) => setTimeout(done, 10_000))]);
  };
}

/** Resolves once the demo server answers /health; throws at once, with its stderr, if the seed failed. */
export async function waitForDemoServer(timeoutMs: number) {
  const dataDir = process.env.E2E_DEMO_DATA_DIR ?? '';
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(failedMarkOf(dataDir)))
      throw new Error(`seed:demo falló:\n${readFileSync(logOf(dataDir), 'utf8')}`);
    if (await answers(`${DEMO_BASE_URL}/health`)) return;
    await new Promise((done) => setTimeout(done, 500));
  }
  const log = existsSync(logOf(dataDir)) ? readFileSync(logOf(dataDir), 'utf8') : '';
  throw new Error(`El servidor de demostración no respondió en ${timeoutMs / 1000} s:\n${log}`);
}
