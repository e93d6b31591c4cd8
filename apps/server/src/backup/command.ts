import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type CommandOutput, exitCodeOf } from '../command-output.ts';
import { ConfigError, type LoadedConfig, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { importUploadedFiles } from '../db/import-uploads.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { SERVER_ROOT } from '../paths.ts';
import { createBackup } from './create.ts';
import { type BackupManifest, unpackBackup } from './format.ts';
import { BackupRefusedError } from './messages.ts';
import { restoreBackup } from './restore.ts';
import { backupFileName, backupsDirOf, saveFile } from './store.ts';

/**
 * `npm run backup -- --out FILE`, `npm run restore -- --in FILE` and
 * `npm run migrate-to-postgres -- --to postgres://…` (from the repository root; docs/operations.md).
 * Same environment as `npm start`: DATABASE_URL, or the PGlite directory under DATA_DIR (resolved
 * against the repository root) — with PGlite the server must be stopped first (one process per PGlite
 * directory; while it runs, back up from the 'Respaldos' screen instead). FILE is resolved against the
 * directory npm was run from (INIT_CWD), not apps/server where npm runs the script.
 */
const REPOSITORY_ROOT = resolve(SERVER_ROOT, '../..');

type Work = (args: string[], env: NodeJS.ProcessEnv, out: CommandOutput) => Promise<void>;

function command(work: Work, failure: string) {
  return (args: string[], env: NodeJS.ProcessEnv, out: CommandOutput = console) =>
    exitCodeOf(
      () => work(args, env, out),
      out,
      failure,
      (error) => error instanceof ConfigError || error instanceof BackupRefusedError,
    );
}

/** The one option the command takes, required. */
function requiredOption(args: string[], name: string, what: string): string {
  const { values } = parseArgs({ args, options: { [name]: { type: 'string' } }, allowPositionals: false });
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new ConfigError(`Falta --${name} ${what}`);
  return value;
}

const fromCaller = (env: NodeJS.ProcessEnv, path: string) => resolve(env.INIT_CWD ?? process.cwd(), path);
const whereOf = (config: LoadedConfig) =>
  config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite ${config.pgliteDir}`;

async function withDatabase<T>(config: LoadedConfig, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

function describe(manifest: BackupManifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  return (
    `${Object.keys(manifest.tables).length} tablas, ${rows} filas, ` +
    `${Object.keys(manifest.files).length} archivos, ${manifest.schemaVersion.migrations} migraciones ` +
    `(origen ${manifest.source} ${manifest.serverVersion}, ${manifest.createdAt})`
  );
}

const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const runBackupCommand = command(async (args, env, out) => {
  const file = fromCaller(env, requiredOption(args, 'out', 'ARCHIVO: dónde escribir el respaldo'));
  const config = loadConfig(env, REPOSITORY_ROOT);
  const backup = await withDatabase(config, (database) => createBackup(database));
  await writeFile(file, backup.file, { mode: 0o600 });
  out.log(
    `Respaldo de ${whereOf(config)} escrito en ${file} (${kilobytes(backup.file.length)}): ${describe(backup.manifest)}`,
  );
}, 'No se pudo crear el respaldo:');

export const runRestoreCommand = command(async (args, env, out) => {
  const file = fromCaller(env, requiredOption(args, 'in', 'ARCHIVO: el respaldo a restaurar'));
  const config = loadConfig(env, REPOSITORY_ROOT);
  // A bad file is refused before the target is even opened (a PGlite directory would be created).
  const backup = unpackBackup(await readFile(file));
  const result = await withDatabase(config, (database) => restoreBackup(database, backup));
  out.log(`Respaldo ${file} restaurado en ${whereOf(config)}: ${describe(result.manifest)}`);
  if (result.skippedSettings.length > 0)
    out.log(`Ajustes omitidos (el servidor de destino no los conoce): ${result.skippedSettings.join(', ')}`);
  out.log('Filas por tabla y sumas SHA-256 de los archivos verificadas.');
}, 'No se pudo restaurar el respaldo:');

/**
 * The documented pair backup → restore in one step: the PGlite installation of DATA_DIR into an empty
 * PostgreSQL database. The backup is also kept in DATA_DIR/backups, and the PGlite directory is left
 * as it was, so going back is only a matter of unsetting DATABASE_URL.
 */
export const runMigrateToPostgresCommand = command(async (args, env, out) => {
  const to = requiredOption(args, 'to', 'postgres://…: la base de datos PostgreSQL (vacía) de destino');
  if (!/^postgres(ql)?:\/\//.test(to))
    throw new ConfigError('--to debe empezar con postgres:// o postgresql://');
  const config = loadConfig({ ...env, DATABASE_URL: '' }, REPOSITORY_ROOT);
  if (env.DATABASE_URL)
    throw new ConfigError('DATABASE_URL ya está definida: esta instalación ya usa PostgreSQL');
  // Brought up to date first, as the server would at its next start: the latest schema, and proofs
  // an older version kept under DATA_DIR/uploads moved into the database, so every file travels.
  const backup = await withDatabase(config, async (database) => {
    await migrateDatabase(database);
    await importUploadedFiles(database.db, config.dataDir, {
      info: () => {},
      warn: (details: object, message: string) => out.error(message, details),
    } as unknown as Parameters<typeof importUploadedFiles>[2]);
    return createBackup(database);
  });
  const kept = backupFileName(new Date(backup.manifest.createdAt), 'manual');
  await saveFile(backupsDirOf(config.dataDir), kept, backup.file);
  const target = await openDatabase({ databaseUrl: to });
  try {
    await restoreBackup(target, unpackBackup(backup.file));
  } finally {
    await target.close();
  }
  out.log(`PGlite ${config.pgliteDir} copiado a PostgreSQL: ${describe(backup.manifest)}`);
  out.log(`Copia del respaldo: ${join(backupsDirOf(config.dataDir), kept)}`);
  out.log('Filas por tabla y sumas SHA-256 de los archivos verificadas.');
  out.log(
    'Siguiente paso: inicie el servidor con DATABASE_URL definida con esa dirección (y el mismo ' +
      'JWT_SECRET si lo usa; si no, la clave de las sesiones viaja en la base de datos).',
  );
}, 'No se pudo copiar la instalación a PostgreSQL:');
