import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { type CommandOutput, exitCodeOf } from '../command-output.ts';
import { ConfigError, type LoadedConfig, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirInUseError } from '../db/dir-lock.ts';
import { importUploadedFiles } from '../db/import-uploads.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { SERVER_ROOT } from '../paths.ts';
import { askPassphrase } from './ask-passphrase.ts';
import { createBackup } from './create.ts';
import { decryptBackup, encryptBackup, isEncryptedBackup, passphraseFrom } from './encryption.ts';
import { type BackupManifest, unpackBackup } from './format.ts';
import { BACKUP_MESSAGES, BackupRefusedError } from './messages.ts';
import { restoreBackup } from './restore.ts';
import { backupFileName, backupsDirOf, saveFile } from './store.ts';

/**
 * `npm run backup -- --out FILE`, `npm run restore -- --in FILE` (both also take
 * `--passphrase-file FILE` or BACKUP_PASSPHRASE: an encrypted backup, encryption.ts) and
 * `npm run migrate-to-postgres -- --to postgres://…` (from the repository root; docs/operations.md).
 * Same environment as `npm start`: DATABASE_URL, or the PGlite directory under DATA_DIR (resolved
 * against the repository root) — with PGlite the server must be stopped first: the directory has one
 * owner (db/dir-lock.ts), and while the server runs a backup is made from the 'Respaldos' screen.
 * FILE is resolved against the directory npm was run from (INIT_CWD), not apps/server where npm runs
 * the script.
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

/** The option `name` of the command, required; `others` are the optional ones it also takes. */
function requiredOption(args: string[], name: string, what: string, others: string[] = []) {
  const names = [name, ...others];
  const { values } = parseArgs({
    args,
    options: Object.fromEntries(names.map((option) => [option, { type: 'string' as const }])),
    allowPositionals: false,
  });
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new ConfigError(`Falta --${name} ${what}`);
  return { value, values: values as Record<string, string | undefined> };
}

const PASSPHRASE_FILE = 'passphrase-file';

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
  const option = requiredOption(args, 'out', 'ARCHIVO: dónde escribir el respaldo', [PASSPHRASE_FILE]);
  const file = fromCaller(env, option.value);
  const passphraseFile = option.values[PASSPHRASE_FILE];
  const passphrase = await passphraseFrom(passphraseFile && fromCaller(env, passphraseFile), env);
  const config = loadConfig(env, REPOSITORY_ROOT);
  // A second process on a live PGlite directory would read a copy missing the server's latest writes.
  const backup = await withDatabase(config, (database) => createBackup(database)).catch((error) => {
    throw error instanceof DataDirInUseError
      ? new BackupRefusedError(BACKUP_MESSAGES.serverRunning(error.message))
      : error;
  });
  const bytes = passphrase ? await encryptBackup(backup.file, passphrase) : backup.file;
  await writeFile(file, bytes, { mode: 0o600 });
  const sealed = passphrase ? ', cifrado con AES-256-GCM' : '';
  out.log(
    `Respaldo de ${whereOf(config)} escrito en ${file} (${kilobytes(bytes.length)}${sealed}): ${describe(backup.manifest)}`,
  );
}, 'No se pudo crear el respaldo:');

export const runRestoreCommand = command(async (args, env, out) => {
  const option = requiredOption(args, 'in', 'ARCHIVO: el respaldo a restaurar', [PASSPHRASE_FILE]);
  const file = fromCaller(env, option.value);
  const config = loadConfig(env, REPOSITORY_ROOT);
  // A bad file is refused before the target is even opened (a PGlite directory would be created).
  let bytes: Buffer = await readFile(file);
  if (isEncryptedBackup(bytes)) {
    const passphraseFile = option.values[PASSPHRASE_FILE];
    const passphrase =
      (await passphraseFrom(passphraseFile && fromCaller(env, passphraseFile), env)) ??
      (out === console ? await askPassphrase() : undefined);
    if (!passphrase) throw new BackupRefusedError(BACKUP_MESSAGES.passphraseRequired);
    bytes = await decryptBackup(bytes, passphrase);
  }
  const backup = unpackBackup(bytes);
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
  const to = requiredOption(args, 'to', 'postgres://…: la base de datos PostgreSQL (vacía) de destino').value;
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
  const sealed = config.backupPassphrase;
  const kept = backupFileName(new Date(backup.manifest.createdAt), 'manual', sealed !== undefined);
  await saveFile(
    backupsDirOf(config.dataDir),
    kept,
    sealed ? await encryptBackup(backup.file, sealed) : backup.file,
  );
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
      'JWT_SECRET si lo usa; si no, el servidor genera una clave nueva y todos vuelven a iniciar sesión).',
  );
}, 'No se pudo copiar la instalación a PostgreSQL:');
