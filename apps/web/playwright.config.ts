import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN } from './e2e/constants.ts';

// The journeys run against the real built server (npm start) on a fresh PGlite directory.
const port = Number(process.env.E2E_PORT ?? 4173);

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prestaya-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers load this file again: keep one directory
// The demo-data server of dashboard-demo.spec.ts gets its own directory, seeded before it starts
// (e2e/support/demo-server.ts, the global set-up: in the background, while the other journeys run).
const demoDataDir = process.env.E2E_DEMO_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prestaya-e2e-demo-'));
process.env.E2E_DEMO_DATA_DIR = demoDataDir;

/**
 * Debian's old headless shell (package chromium-headless-shell), the build Playwright itself runs headless
 * tests in: the journeys took ~18 % less CPU than in the full browser's new headless mode. Without it,
 * the full browser.
 */
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  // Two journeys at a time on the one server, in CI too: each journey works on data of its own, and
  // one worker leaves a core idle while Chromium waits for the server.
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    // Recording a trace costs every journey, failed or not: with retain-on-failure the run took 6.7 min
    // on 2 cores instead of 4.6. A failure still leaves its screenshot and the page's ARIA snapshot
    // (error-context.md); E2E_TRACE=1 records traces again to debug one.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // Installing the staff app's service worker precaches its whole shell (~230 files, 2.5 MB) in every
    // new browser context; the journeys about working offline allow it (test.use), the rest do without.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  globalSetup: './e2e/support/demo-server.ts',
  // The demo journey waits for the seed: its project comes last, so the journeys queued before it
  // keep both workers busy while the seed runs.
  projects: [
    { name: 'chromium', testIgnore: /dashboard-demo\.spec\.ts$/ },
    { name: 'demo-data', testMatch: /dashboard-demo\.spec\.ts$/ },
  ],
  webServer: [
    {
      command: 'node ../../scripts/start.mjs',
      url: `http://127.0.0.1:${port}/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        ADMIN_USERNAME: E2E_ADMIN.username,
        ADMIN_PASSWORD: E2E_ADMIN.password,
        LOG_LEVEL: 'warn',
        // The journeys sign in many times a minute from one address; the limit itself has API tests.
        LOGIN_RATE_LIMIT_MAX: '1000',
        // Always the fresh PGlite directory, even when the run's DATABASE_URL points the API suite
        // at PostgreSQL (an empty value means unset).
        DATABASE_URL: '',
      },
    },
  ],
});
