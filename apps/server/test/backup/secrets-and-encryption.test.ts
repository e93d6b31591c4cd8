import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runBackupCommand, runRestoreCommand } from '../../src/backup/command.ts';
import { createBackup } from '../../src/backup/create.ts';
import { isEncryptedBackup } from '../../src/backup/encryption.ts';
import { packBackup, unpackBackup } from '../../src/backup/format.ts';
import { BACKUP_MESSAGES } from '../../src/backup/messages.ts';
import { restoreBackup } from '../../src/backup/restore.ts';
import { runSqlOn } from '../../src/backup/sql-runner.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { sharedJwtSecret } from '../../src/modules/auth/jwt-secret.ts';
import { fromPgliteTemplate } from '../support/database.ts';
import { runCommand, tempDir } from './support.ts';

/**
 * A backup file may leak (a copied USB stick, a mailed attachment): it carries no token signing key
 * (without JWT_SECRET that key is an app_secrets row), so its reader cannot sign sessions, and the
 * restored database makes a new key (everyone signs in again); a backup of an older version that still
 * holds the key loses it at restore. And a backup can be encrypted with a passphrase (AES-256-GCM,
 * scrypt): without it, with another one, or with one byte changed, restore refuses and writes nothing.
 */
const work = tempDir('secrets');
afterAll(() => work.remove());

async function migrated(dataDir = 'memory://'): Promise<Database> {
  const database = await openDatabase({ dataDir, ...fromPgliteTemplate() });
  await migrateDatabase(database);
  return database;
}

const secretRows = async (database: Database) =>
  (await runSqlOn(database)('select count(*)::int as n from public.app_secrets'))[0];

describe('the token signing key stays out of backups', () => {
  it('is not in the file; the restored database makes a new one', async () => {
    const source = await migrated();
    const target = await openDatabase({ dataDir: 'memory://' });
    try {
      const secret = await sharedJwtSecret(source.db, work.dir);
      const backup = await createBackup(source);
      expect(gunzipSync(backup.file).toString('utf8')).not.toContain(secret);
      expect(backup.manifest.tables).not.toHaveProperty(['public.app_secrets']);
      expect(backup.manifest.tables).toHaveProperty(['public.users']);

      await restoreBackup(target, unpackBackup(backup.file));
      expect(await secretRows(target)).toEqual({ n: 0 });
      // The dump's script empties this session's search_path; a server opens a session of its own.
      await target.db.execute(sql`reset search_path`);
      const fresh = await sharedJwtSecret(target.db, work.dir);
      expect(fresh).not.toBe(secret);
      expect(fresh.length).toBeGreaterThanOrEqual(32);
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);

  it('a backup of an older version that holds the key is restored without it', async () => {
    const source = await migrated();
    const target = await openDatabase({ dataDir: 'memory://' });
    try {
      const { manifest, sql: dump } = unpackBackup((await createBackup(source)).file);
      const { format: _f, version: _v, sql: _s, ...fields } = manifest;
      const old = packBackup(
        { ...fields, tables: { ...fields.tables, 'public.app_secrets': 1 } },
        `${dump}\nINSERT INTO public.app_secrets (name, value) VALUES ('jwt-secret', '${'x'.repeat(64)}');\n`,
      );
      await restoreBackup(target, unpackBackup(old.file));
      expect(await secretRows(target)).toEqual({ n: 0 });
    } finally {
      await source.close();
      await target.close();
    }
  }, 120_000);
});

describe('encrypted backups', () => {
  const PASSPHRASE = 'caballo correcto batería grapa';
  const source = join(work.dir, 'source');
  const file = join(work.dir, 'respaldo.cifrado');
  const passphraseFile = (name: string, text: string) => {
    const path = join(work.dir, name);
    writeFileSync(path, `${text}\n`, { mode: 0o600 });
    return path;
  };
  const restoreInto = (target: string, args: string[] = [], env: Record<string, string> = {}) =>
    runCommand(runRestoreCommand, ['--in', file, ...args], { DATA_DIR: join(work.dir, target), ...env });

  it('backup --passphrase via BACKUP_PASSPHRASE writes a sealed file; restore needs the same passphrase', async () => {
    await (await migrated(join(source, 'db'))).close();
    const short = await runCommand(runBackupCommand, ['--out', file], {
      DATA_DIR: source,
      BACKUP_PASSPHRASE: 'corta',
    });
    expect(short).toMatchObject({ status: 1, stderr: BACKUP_MESSAGES.passphraseTooShort(12) });
    expect(existsSync(file)).toBe(false);

    const backup = await runCommand(runBackupCommand, ['--out', file], {
      DATA_DIR: source,
      BACKUP_PASSPHRASE: PASSPHRASE,
    });
    expect(backup.stderr).toBe('');
    expect(backup.status).toBe(0);
    expect(backup.stdout).toContain('cifrado con AES-256-GCM');
    const sealed = readFileSync(file);
    expect(isEncryptedBackup(sealed)).toBe(true);
    expect(() => gunzipSync(sealed)).toThrow();
    expect(sealed.toString('latin1')).not.toContain('prestaya-backup {');

    expect(await restoreInto('none')).toMatchObject({
      status: 1,
      stderr: BACKUP_MESSAGES.passphraseRequired,
    });
    const wrong = passphraseFile('otra.txt', 'otra frase de paso larga');
    expect(await restoreInto('wrong', ['--passphrase-file', wrong])).toMatchObject({
      status: 1,
      stderr: BACKUP_MESSAGES.passphraseWrong,
    });
    const changed = Buffer.from(sealed);
    changed[changed.length - 100] = (changed[changed.length - 100] ?? 0) ^ 1;
    writeFileSync(join(work.dir, 'changed'), changed);
    expect(
      await runCommand(runRestoreCommand, ['--in', join(work.dir, 'changed')], {
        DATA_DIR: join(work.dir, 'changed-target'),
        BACKUP_PASSPHRASE: PASSPHRASE,
      }),
    ).toMatchObject({ status: 1, stderr: BACKUP_MESSAGES.passphraseWrong });
    for (const target of ['none', 'wrong', 'changed-target'])
      expect(existsSync(join(work.dir, target, 'db'))).toBe(false);

    const right = passphraseFile('frase.txt', PASSPHRASE);
    const restored = await restoreInto('restored', ['--passphrase-file', right]);
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
    expect(restored.stdout).toContain('Filas por tabla y sumas SHA-256 de los archivos verificadas.');
  }, 120_000);
});
