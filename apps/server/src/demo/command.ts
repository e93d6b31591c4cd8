import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import {
  FEE_STATUS_LABELS,
  LOAN_STATUS_LABELS,
  PAYMENT_STATUS_LABELS,
  ROLE_LABELS,
} from '@prestaya/contracts';
import { type CommandOutput, exitCodeOf } from '../command-output.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { demoCounts } from './counts.ts';
import { DEMO_CUSTOMER_COUNT, DemoRefusedError, seedDemo } from './seed.ts';
import { DEMO_PASSWORD } from './staff.ts';

/**
 * `npm run seed:demo [-- --seed 42] [--customers 120]` (from the repository root): fills an empty database with the demo
 * lender (seed.ts). Same environment as `npm start`: DATABASE_URL, or the PGlite directory under
 * DATA_DIR (resolved against the repository root, as `npm start` does) — with PGlite the server must be
 * stopped first (one process per PGlite directory). Exit code 1, with a Spanish message, if the
 * database already has customers.
 */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEFAULT_SEED = 42;

function parseSeed(value: string | undefined): number {
  if (value === undefined) return DEFAULT_SEED;
  if (!/^\d{1,9}$/.test(value))
    throw new ConfigError(`--seed: valor inválido "${value}"; use un entero de 0 a 999999999`);
  return Number(value);
}

function parseCustomers(value: string | undefined): number {
  if (value === undefined) return DEMO_CUSTOMER_COUNT;
  const count = /^\d{1,3}$/.test(value) ? Number(value) : 0;
  if (count < 1 || count > DEMO_CUSTOMER_COUNT)
    throw new ConfigError(
      `--customers: valor inválido "${value}"; use un entero de 1 a ${DEMO_CUSTOMER_COUNT}`,
    );
  return count;
}

const labelled = (counts: Record<string, number>, labels: Record<string, string>) =>
  Object.entries(labels)
    .filter(([key]) => counts[key])
    .map(([key, label]) => `${counts[key]} ${label.toLowerCase()}`)
    .join(', ');

/** Runs the command with `args` (after `--`) in `env`; resolves to the process exit code. */
export function runSeedDemoCommand(args: string[], env: NodeJS.ProcessEnv, out: CommandOutput = console) {
  return exitCodeOf(
    () => seedDemoCommand(args, env, out),
    out,
    'No se pudieron cargar los datos de demostración:',
    (error) => error instanceof ConfigError || error instanceof DemoRefusedError,
  );
}

async function seedDemoCommand(args: string[], env: NodeJS.ProcessEnv, out: CommandOutput) {
  const { values } = parseArgs({
    args,
    options: { seed: { type: 'string' }, customers: { type: 'string' } },
    allowPositionals: false,
  });
  const seed = parseSeed(values.seed);
  const customers = parseCustomers(values.customers);
  const config = loadConfig(env, REPOSITORY_ROOT);
  const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.pgliteDir}`;
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
  // Thousands of small transactions: their commits need not wait for the disk one by one (this
  // session only; a seed cut short leaves a database to throw away anyway, it only fills empty ones).
  if (database.kind === 'pglite') await database.client.exec('set synchronous_commit = off');
  else database.client.on('connect', (client) => void client.query('set synchronous_commit = off'));
  try {
    await migrateDatabase(database);
    out.log(`Cargando datos de demostración (semilla ${seed}) en ${where}…`);
    const summary = await seedDemo(database.db, { seed, customers, timeZone: config.businessTimeZone });
    const counts = await demoCounts(database.db);
    const lines = [
      `Datos de demostración cargados en ${(summary.elapsedMs / 1000).toFixed(1)} s (semilla ${seed}).`,
      `Historia del ${summary.from} al ${summary.to} (10 semanas, zona ${config.businessTimeZone}).`,
      `Clientes: ${counts.customers} (${counts.addresses} direcciones). Cuentas: 3. Movimientos de cuenta: ${counts.transactions}.`,
      `Préstamos: ${labelled(counts.loans, LOAN_STATUS_LABELS)}.`,
      `Pagos: ${labelled(counts.payments, PAYMENT_STATUS_LABELS)}.`,
      `Multas: ${labelled(counts.fees, FEE_STATUS_LABELS)}.`,
      `Registros de auditoría: ${counts.audit}.`,
      `Tiempo por acción: ${Object.entries(summary.timings)
        .sort(([, a], [, b]) => b.ms - a.ms)
        .slice(0, 6)
        .map(([label, t]) => `${label} ${t.count}× ${(t.ms / 1000).toFixed(1)} s`)
        .join('; ')}.`,
      '',
      `Usuarios (contraseña de todos: ${DEMO_PASSWORD}; el PIN autoriza pagos en /consulta con el número de usuario):`,
      ...summary.staff.map(
        (user) =>
          `  ${String(user.num).padEnd(5)} ${user.username.padEnd(28)} ${user.roles
            .map((r) => ROLE_LABELS[r])
            .join(', ')
            .padEnd(14)} PIN ${user.pin}  ${user.name} ${user.lastName}`,
      ),
    ];
    out.log(lines.join('\n'));
  } finally {
    await database.close();
  }
}
