import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  runBackupCommand,
  runMigrateToPostgresCommand,
  runRestoreCommand,
} from '../../src/backup/command.ts';
import { unpackBackup } from '../../src/backup/format.ts';
import { isEmptyDatabase } from '../../src/backup/inventory.ts';
import { BACKUP_MESSAGES } from '../../src/backup/messages.ts';
import { restoreBackup } from '../../src/backup/restore.ts';
import { runSqlOn } from '../../src/backup/sql-runner.ts';
import { listBackups } from '../../src/backup/store.ts';
import {
  createPostgresDatabase,
  expectSameData,
  fingerprint,
  postgresAvailable,
  runCommand,
  seedInstallation,
  tempDir,
  withDatabase,
} from './support.ts';

/**
 * `npm run backup`, `npm run restore` and `npm run migrate-to-postgres`, run in-process (their bin,
 * cli.ts, only passes argv and the exit code): a PGlite installation with users, customers, loans,
 * fees, payments, a ledger and stored files is backed up, then restored into a new PGlite DATA_DIR and
 * moved into a new PostgreSQL database; each copy has the source's rows per table, files' SHA-256 and a
 * valid ledger. Then the refusals, each exit code 1 with its Spanish message and nothing written.
 */
const work = tempDir('cli');
const source = join(work.dir, 'source');
const backupFile = join(work.dir, 'respaldo.sql.gz');
let expected: Awaited<ReturnType<typeof fingerprint>>;
let fileDigests: Record<string, string>;
const hasPostgres = await postgresAvailable();

beforeAll(async () => {
  fileDigests = await seedInstallation(source);
  expected = await withDatabase({ dataDir: join(source, 'db') }, fingerprint);
}, 120_000);
afterAll(() => work.remove());

const restoreInto = (dataDir: string, file = backupFile) =>
  runCommand(runRestoreCommand, ['--in', file], { DATA_DIR: dataDir });

describe('backup → restore (PGlite)', () => {
  it('writes the backup file (FILE relative to where npm was run) and restores it into a new DATA_DIR', async () => {
    const backup = await runCommand(runBackupCommand, ['--out', 'respaldo.sql.gz'], {
      DATA_DIR: source,
      INIT_CWD: work.dir,
    });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain(`escrito en ${backupFile}`);
    // The world's proof image and customer document, and the two files added to it.
    expect(expected.files).toEqual(expect.objectContaining(fileDigests));
    expect(Object.keys(expected.files).length).toBe(4);
    expect(expected.tables['public.loans']).toBeGreaterThan(0);
    // The world's customer document (a PDF) travels as its row and its stored file.
    expect(expected.tables['public.customer_documents']).toBe(1);

    const restored = await restoreInto(join(work.dir, 'restored'));
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('Filas por tabla y sumas SHA-256 de los archivos verificadas.');
    expectSameData(await withDatabase({ dataDir: join(work.dir, 'restored', 'db') }, fingerprint), expected);
  }, 60_000);

  it('refuses a target that is not empty: exit code 1, the reason in Spanish, nothing changed', async () => {
    const again = await restoreInto(join(work.dir, 'restored'));
    expect(again.status).toBe(1);
    expect(again.stderr).toBe(BACKUP_MESSAGES.targetNotEmpty);
    expectSameData(await withDatabase({ dataDir: join(work.dir, 'restored', 'db') }, fingerprint), expected);
  }, 60_000);

  it('refuses a file whose SQL was changed (one byte) and a file that is not a backup', async () => {
    const text = gunzipSync(readFileSync(backupFile));
    const at = text.indexOf('INSERT INTO public.customers');
    text[at + 30] = text[at + 30] === 0x41 ? 0x42 : 0x41;
    const tampered = join(work.dir, 'alterado.sql.gz');
    writeFileSync(tampered, gzipSync(text));
    const plain = join(work.dir, 'notas.txt');
    writeFileSync(plain, 'no es un respaldo');
    const gzipped = join(work.dir, 'otro.sql.gz');
    writeFileSync(gzipped, gzipSync('select 1;\n'));

    const target = join(work.dir, 'untouched');
    expect(await restoreInto(target, tampered)).toMatchObject({
      status: 1,
      stderr: BACKUP_MESSAGES.sqlChecksum,
    });
    expect(await restoreInto(target, plain)).toMatchObject({ status: 1, stderr: BACKUP_MESSAGES.notABackup });
    expect(await restoreInto(target, gzipped)).toMatchObject({
      status: 1,
      stderr: BACKUP_MESSAGES.notABackup,
    });
    expect(existsSync(join(target, 'db'))).toBe(false);
  }, 60_000);

  it('rolls everything back when the restored rows differ from the manifest', async () => {
    const backup = unpackBackup(readFileSync(backupFile));
    const promised = { ...backup.manifest.tables, 'public.customers': 999 };
    await withDatabase({ dataDir: 'memory://' }, async (target) => {
      await expect(
        restoreBackup(target, { ...backup, manifest: { ...backup.manifest, tables: promised } }),
      ).rejects.toThrow(
        BACKUP_MESSAGES.countsDiffer([
          `tabla public.customers: 999 filas esperadas, ${expected.tables['public.customers']}`,
        ]),
      );
      expect(await isEmptyDatabase(runSqlOn(target))).toBe(true);
    });
  }, 60_000);

  it('asks for the file it needs', async () => {
    expect(await runCommand(runBackupCommand, [], { DATA_DIR: source })).toMatchObject({
      status: 1,
      stderr: 'Falta --out ARCHIVO: dónde escribir el respaldo',
    });
    expect(await runCommand(runRestoreCommand, [], { DATA_DIR: source })).toMatchObject({
      status: 1,
      stderr: 'Falta --in ARCHIVO: el respaldo a restaurar',
    });
  });
});

describe.skipIf(!hasPostgres)('PGlite → PostgreSQL, and back', () => {
  it('migrate-to-postgres copies every row and file into a new database; its backup comes back into PGlite', async () => {
    const database = await createPostgresDatabase();
    try {
      const moved = await runCommand(runMigrateToPostgresCommand, ['--to', database.url], {
        DATA_DIR: source,
      });
      expect(moved.stderr).toBe('');
      expect(moved.status).toBe(0);
      expect(moved.stdout).toContain('Siguiente paso: inicie el servidor con DATABASE_URL');
      expectSameData(await withDatabase({ databaseUrl: database.url }, fingerprint), expected);
      // The copy it kept of the backup.
      expect((await listBackups(join(source, 'backups'))).map((b) => b.kind)).toEqual(['manual']);

      // A second run finds the database full and says so.
      const again = await runCommand(runMigrateToPostgresCommand, ['--to', database.url], {
        DATA_DIR: source,
      });
      expect(again).toMatchObject({ status: 1, stderr: BACKUP_MESSAGES.targetNotEmpty });

      // pg_dump's backup of the PostgreSQL copy restores into PGlite with the same data.
      const fromPostgres = join(work.dir, 'from-postgres.sql.gz');
      const backup = await runCommand(runBackupCommand, ['--out', fromPostgres], {
        DATA_DIR: join(work.dir, 'pg-side'),
        DATABASE_URL: database.url,
      });
      expect(backup.stderr).toBe('');
      const restored = await restoreInto(join(work.dir, 'from-postgres'), fromPostgres);
      expect(restored.stderr).toBe('');
      expectSameData(
        await withDatabase({ dataDir: join(work.dir, 'from-postgres', 'db') }, fingerprint),
        expected,
      );
    } finally {
      await database.drop();
    }
  }, 90_000);
});
