/**
 * Import benchmark ('Importar'): a generated XLSX book of 10,000 customers, each with a loan in
 * progress (paid installments, a partial payment, pending fines), checked and imported through the
 * app's own import (modules/imports: the dry run, then the run in one transaction of set-based
 * batches) into a fresh database.
 *
 *   npm run bench:import -- [--rows 10000] [--pglite] [--keep]
 *   PostgreSQL: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/prestaya_bench_import (dropped
 *   at the end unless --keep); --pglite: a temporary directory (removed at the end).
 *
 * Prints the seconds of the file's generation, the dry run and the run (target: dry run + run ≤ 60 s
 * on PostgreSQL, ≤ 120 s on PGlite), the peak RSS sampled every 50 ms, and the load average.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { IMPORT_COLUMNS } from '@prestaya/contracts';
import { addDays, businessDate, curpCheckDigit } from '@prestaya/domain';
import { checkImport, createUser, prepareRun, runImport } from '@prestaya/server/bench';
import ExcelJS from 'exceljs';
import { dropPostgresDatabase, openTarget } from './lib/target.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '10000' },
    pglite: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const ROWS = Number(values.rows);
const TZ = 'America/Mexico_City';
const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/prestaya_bench_import';
const dataDir = values.pglite ? mkdtempSync(join(tmpdir(), 'prestaya-bench-import-')) : undefined;

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
const seconds = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e9;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A CURP with a valid date, state and check digit, unique per n. */
function curp(n: number): string {
  const birth = new Date(Date.UTC(1955, 0, 1) + Math.floor(n / 10) * 86_400_000);
  const head = `BEMA${birth.toISOString().slice(2, 10).replaceAll('-', '')}MDFRRL${n % 10}`;
  return `${head}${curpCheckDigit(head)}`;
}

async function bookFile(today: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Clientes');
  sheet.addRow(IMPORT_COLUMNS.map((column) => column.header));
  for (let n = 1; n <= ROWS; n++) {
    // Loans delivered 1 to 80 days ago, $1,000 to $20,000; paid and fines within what the rules allow.
    const age = 1 + (n % 80);
    const due = Math.min(12, Math.floor((age - 1) / 7));
    const paid = Math.max(0, due - (n % 3));
    const amount = 1_000 * (1 + (n % 20));
    sheet.addRow([
      `B-${n}`,
      'Cliente',
      `Banco${n}`,
      'Importado',
      `55${String(10_000_000 + n).slice(-8)}`,
      curp(n),
      'Av. Juárez',
      String(n % 999),
      '',
      'Centro',
      'Puebla',
      'PUEBLA',
      '72000',
      'agente@bench.mx',
      '',
      String(amount),
      addDays(today, -age),
      String(paid),
      paid < 12 && n % 2 === 0 ? '10' : '',
      due > paid ? '50' : '',
    ]);
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const target = await openTarget(
  dataDir ? { dataDir, create: true, reset: true } : { databaseUrl: url, create: true, reset: true },
);
try {
  const db = target.database.db;
  const user = (username: string, roles: ('ROLE_ADMIN' | 'ROLE_USER')[]) =>
    createUser(db, null, {
      name: 'Bench',
      lastName: 'Import',
      username,
      password: 'Bench2026!',
      pin: '4826',
      status: 'A',
      roles,
    });
  const admin = await user('admin@bench.mx', ['ROLE_ADMIN']);
  await user('agente@bench.mx', ['ROLE_USER']);
  const today = businessDate(new Date(), TZ);

  let start = process.hrtime.bigint();
  const bytes = await bookFile(today);
  console.log(
    `${target.kind}: file of ${ROWS.toLocaleString('en-US')} rows, ${mib(bytes.length)}, in ${seconds(start).toFixed(1)} s`,
  );
  const before = load();

  start = process.hrtime.bigint();
  const checked = await checkImport(db, admin.id, { fileName: 'bench.xlsx', bytes }, today);
  const checkSeconds = seconds(start);
  console.log(
    `dry run: ${checkSeconds.toFixed(1)} s, ${checked.validRows} valid, ${checked.rejectedRows} rejected`,
  );
  if (checked.problems.length > 0) console.log(checked.problems.slice(0, 5));

  start = process.hrtime.bigint();
  const prepared = await prepareRun(db, checked.id, 'ALL', today);
  let lastShown = 0;
  const done = await runImport(db, admin.id, prepared, {
    timeZone: TZ,
    onProgress: (processed, total) => {
      if (processed - lastShown >= 2_500 || processed === total) {
        lastShown = processed;
        console.log(`  ${processed}/${total} at ${seconds(start).toFixed(1)} s`);
      }
    },
  });
  const runSeconds = seconds(start);
  const target_ = target.kind === 'pg' ? 60 : 120;
  console.log(
    `run: ${runSeconds.toFixed(1)} s (${done.importedCustomers} customers, ${done.importedLoans} loans); ` +
      `dry run + run ${(checkSeconds + runSeconds).toFixed(1)} s, target ≤ ${target_} s`,
  );
  console.log(`peak RSS ${mib(peakRss)}; load average before: ${before}; after: ${load()}`);
  if (done.importedLoans !== ROWS || checkSeconds + runSeconds > target_) process.exitCode = 1;
} finally {
  clearInterval(sampler);
  await target.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  else if (!values.keep) await dropPostgresDatabase(url);
}
