// The key business-day flows at 23:59 and at 00:01 business time: the server suite's files for them,
// run twice with PRESTAYA_TEST_NOW (apps/server/test/support/clock.ts) stopping every test app's clock
// at that instant. The day is today's real business day, because rows keep the database's own
// timestamps ("registered today" must find them). Extra arguments go to vitest.
import { spawn } from 'node:child_process';
import { businessDate, zonedInstant } from '@prestaya/domain';

/** The test servers' TZ_BUSINESS (testConfig). */
const TIME_ZONE = 'America/Mexico_City';

/** Payment registration (and a collection sent the next day), accrual, collections 'Hoy', cash close, the reports' week and portfolio. */
const FILES = [
  'apps/server/test/clock.test.ts',
  'apps/server/test/payments/registration.test.ts',
  'apps/server/test/payments/collected-at.test.ts',
  'apps/server/test/payments/fee-after-collection.test.ts',
  'apps/server/test/payments/confirm.test.ts',
  'apps/server/test/jobs/accrual.test.ts',
  'apps/server/test/collections/tabs.test.ts',
  'apps/server/test/cash-close/day.test.ts',
  'apps/server/test/cash-close/confirm.test.ts',
  'apps/server/test/reports/weekly-payments.test.ts',
  'apps/server/test/reports/portfolio.test.ts',
  'apps/server/test/loans/approve-deliver.test.ts',
];

const today = businessDate(new Date(), TIME_ZONE);
const moments = [
  { label: '23:59', at: zonedInstant(today, 23, 59, TIME_ZONE) },
  { label: '00:01', at: zonedInstant(today, 0, 1, TIME_ZONE) },
];

// Both moments at once: each run spends a good part of its time starting (transform, import, the
// template database) and finishing, which the other fills. Each prints when it has ended, whole.
const runs = moments.map(
  ({ label, at }) =>
    new Promise<number>((done) => {
      const child = spawn(
        'npx',
        ['vitest', 'run', '--project', 'server', ...FILES, ...process.argv.slice(2)],
        {
          stdio: ['ignore', 'pipe', 'pipe'],
          // These files work on the run's database only: no PGlite installation of their own.
          env: { ...process.env, PRESTAYA_TEST_NOW: at.toISOString(), PRESTAYA_TEST_NO_PGLITE_DUMP: '1' },
        },
      );
      let output = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
      });
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
        output += chunk;
      });
      child.on('exit', (code, signal) => {
        console.log(`== ${today} ${label} ${TIME_ZONE} (PRESTAYA_TEST_NOW=${at.toISOString()})\n${output}`);
        done(code ?? (signal ? 1 : 0));
      });
    }),
);
const statuses = await Promise.all(runs);
process.exit(statuses.find((status) => status !== 0) ?? 0);
