import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';
import { E2E_ADMIN } from '../constants.ts';

/**
 * A journeys server of the file's own, on a free port and a fresh PGlite directory, for journeys that
 * change what every other journey relies on (a second active loan product makes every loan request
 * name one). The shared server's journeys run beside them on two workers and never see the change.
 * `test` from here points `baseURL` (pages and `page.request`) at it; one server per worker.
 */
const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`el servidor propio terminó con código ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`${url} no respondió en ${timeoutMs / 1000} s`);
}

export const test = base.extend<Record<never, never>, { ownServer: string }>({
  ownServer: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixture's dependencies from it.
    async ({}, use) => {
      const port = await freePort();
      const dataDir = mkdtempSync(join(tmpdir(), 'prestaya-e2e-own-'));
      const url = `http://127.0.0.1:${port}`;
      const child = spawn('node', ['scripts/start.mjs'], {
        cwd: ROOT,
        stdio: 'ignore',
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          ADMIN_USERNAME: E2E_ADMIN.username,
          ADMIN_PASSWORD: E2E_ADMIN.password,
          LOG_LEVEL: 'warn',
          LOGIN_RATE_LIMIT_MAX: '1000',
          DATABASE_URL: '',
        },
      });
      try {
        await waitForHealth(url, child, 110_000);
        await use(url);
      } finally {
        if (child.exitCode === null) {
          const exited = new Promise((done) => child.once('exit', done));
          child.kill('SIGTERM');
          await exited;
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ ownServer }, use) => use(ownServer),
});

export { expect } from '@playwright/test';
