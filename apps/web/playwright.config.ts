import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';
import { DEMO_BASE_URL, DEMO_PORT, E2E_ADMIN } from './e2e/constants.ts';

// The journeys run against the real built server (npm start) on a fresh PGlite directory.
const port = Number(process.env.E2E_PORT ?? 4173);

const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prestaya-e2e-'));
process.env.E2E_DATA_DIR = dataDir; // workers load this file again: keep one directory
// The demo-data server of dashboard-demo.spec.ts gets its own directory, seeded before it starts.
const demoDataDir = process.env.E2E_DEMO_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'prestaya-e2e-demo-'));
process.env.E2E_DEMO_DATA_DIR = demoDataDir;

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
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
  projects: [{ name: 'chromium' }],
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
    {
      // Ten weeks of a demo lender (npm run seed:demo), then the server: the dashboard journey's data.
      command: 'cd ../.. && npm run --silent seed:demo && node scripts/start.mjs',
      url: `${DEMO_BASE_URL}/health`,
      reuseExistingServer: false,
      timeout: 15 * 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(DEMO_PORT),
        HOST: '127.0.0.1',
        DATA_DIR: demoDataDir,
        LOG_LEVEL: 'warn',
        LOGIN_RATE_LIMIT_MAX: '1000',
        DATABASE_URL: '',
      },
    },
  ],
});
