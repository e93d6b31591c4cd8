import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { isoDate } from '@prestaya/contracts';
import { businessClock } from '../clock.ts';
import { type CommandOutput, exitCodeOf } from '../command-output.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { accrueFees } from './accrual.ts';

/**
 * `npm run accrue -- [--date YYYY-MM-DD]` (from the repository root): brings late fees up to that
 * business day (default today in TZ_BUSINESS), catching up every day missed while no server ran, then
 * prints the counts. Same environment as `npm start`: DATABASE_URL, or the PGlite directory under
 * DATA_DIR — with PGlite the server must be stopped first (one process per PGlite directory).
 *
 * `npm run accrue -w @prestaya/server` runs this with the working directory apps/server, so a relative
 * DATA_DIR is resolved against the repository root, as `npm start` (run from the root) resolves it.
 */
const REPOSITORY_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/**
 * The API's own date rule (contracts isoDate: a calendar day in 2000–2099): fees are generated day by
 * day up to this date, so a far-future one would write years of fees for every late installment.
 */
function parseDate(value: string | undefined, timeZone: string): string {
  if (value === undefined) return businessClock(timeZone).today();
  const parsed = isoDate.safeParse(value);
  if (!parsed.success) {
    throw new ConfigError(`--date: fecha inválida "${value}": ${parsed.error.issues[0]?.message ?? ''}`);
  }
  return parsed.data;
}

/** Runs the command with `args` (after `--`) in `env`; resolves to the process exit code. */
export function runAccrueCommand(args: string[], env: NodeJS.ProcessEnv, out: CommandOutput = console) {
  return exitCodeOf(
    () => accrue(args, env, out),
    out,
    'No se pudieron generar las multas:',
    (error) => error instanceof ConfigError,
  );
}

async function accrue(args: string[], env: NodeJS.ProcessEnv, out: CommandOutput) {
  const { values } = parseArgs({ args, options: { date: { type: 'string' } }, allowPositionals: false });
  const config = loadConfig(env, REPOSITORY_ROOT);
  const throughDate = parseDate(values.date, config.businessTimeZone);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    await migrateDatabase(database);
    const result = await accrueFees(database.db, {
      throughDate,
      timeZone: config.businessTimeZone,
      pausePercent: config.accrualPausePercent,
      connections: config.accrualConnections,
    });
    const where = config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.pgliteDir}`;
    out.log(
      result.status === 'skipped'
        ? `Multas hasta ${throughDate}: omitido, otro proceso está generando multas (${where})`
        : `Multas hasta ${throughDate} (${where}): ${result.feesCreated} multas creadas, ` +
            `${result.installmentsDelayed} pagos marcados atrasados, ${result.loansUpdated} préstamos actualizados`,
    );
    out.log(JSON.stringify({ throughDate, ...result }));
  } finally {
    await database.close();
  }
}
