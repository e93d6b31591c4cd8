// The key business-day flows at 23:59 and at 00:01 business time: the server suite's files for them,
// run twice with PRESTAYA_TEST_NOW (apps/server/test/support/clock.ts) stopping every test app's clock
// at that instant. The day is today's real business day, because rows keep the database's own
// timestamps ("registered today" must find them). Extra arguments go to vitest.
import { spawnSync } from 'node:child_process';
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

for (const { label, at } of moments) {
  console.log(`== ${today} ${label} ${TIME_ZONE} (PRESTAYA_TEST_NOW=${at.toISOString()})`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...FILES, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, PRESTAYA_TEST_NOW: at.toISOString() },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
