/**
 * Data generator: a deterministic fake lender's history for the benchmarks.
 *
 *   npm run bench:generate -- --customers 100000 [--reset] [--seed 2026] [--today YYYY-MM-DD]
 *                             [--profile history|accrual] [--skip-verify]
 *
 * Target: DATABASE_URL (PostgreSQL; default postgres://postgres@127.0.0.1:5432/prestaya_bench,
 * created and migrated if missing), or, with DATA_DIR set and no DATABASE_URL, the PGlite directory
 * DATA_DIR/db the app would open. --reset recreates it (only databases named prestaya_bench*).
 * Same seed, customer count and --today → the same rows, ids included.
 * Staff: admin@bench.prestaya.mx and agente<n>@bench.prestaya.mx, password Bench2026!, PIN 1234.
 */
import { parseArgs } from 'node:util';
import { businessDate } from '@prestaya/domain';
import { generate } from './generate/generate.ts';
import { verify } from './generate/verify.ts';
import { BUSINESS_TIME_ZONE } from './lib/business-time.ts';
import { openTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    customers: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '2026' },
    today: { type: 'string' },
    profile: { type: 'string', default: 'history' },
    reset: { type: 'boolean', default: false },
    chunk: { type: 'string', default: '2000' },
    'skip-verify': { type: 'boolean', default: false },
  },
});

const customers = Number(values.customers);
if (!Number.isInteger(customers) || customers < 1) throw new Error('--customers: a positive integer');
const profile = values.profile;
if (profile !== 'history' && profile !== 'accrual') throw new Error('--profile: history or accrual');
const timeZone = BUSINESS_TIME_ZONE;
const today = values.today ?? businessDate(new Date(), timeZone);
if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error('--today: YYYY-MM-DD');

const target = await openTarget({
  databaseUrl: process.env.DATABASE_URL || undefined,
  dataDir: process.env.DATA_DIR || undefined,
  reset: values.reset,
  create: true,
});
try {
  console.log(
    `Generating ${customers} customers (profile ${profile}, seed ${values.seed}, as of ${today} ${timeZone}) into ${target.kind} ${target.where}`,
  );
  const report = await generate(target, {
    customers,
    seed: Number(values.seed),
    today,
    timeZone,
    profile,
    chunk: Number(values.chunk),
  });
  console.log('\nrows:');
  for (const [table, n] of Object.entries(report.rows))
    console.log(`  ${table.padEnd(22)} ${String(n).padStart(10)}`);
  console.log(
    `\n${report.totalRows} rows in ${report.seconds.toFixed(1)} s: ${Math.round(report.totalRows / report.seconds)} rows/s overall`,
  );
  if (!values['skip-verify']) {
    console.log("\nverify (the app's own rules against the generated rows):");
    const failures = await verify(target, { today, timeZone, profile });
    if (failures > 0) process.exitCode = 1;
  }
} finally {
  await target.close();
}
