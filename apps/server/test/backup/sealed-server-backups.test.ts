import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runRestoreCommand } from '../../src/backup/command.ts';
import { decryptBackup, isEncryptedBackup } from '../../src/backup/encryption.ts';
import { unpackBackup } from '../../src/backup/format.ts';
import { BACKUP_MESSAGES } from '../../src/backup/messages.ts';
import { parseEnv } from '../../src/config.ts';
import { runDailyBackup } from '../../src/jobs/backup-scheduler.ts';
import { customersApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, request, useTestApp } from '../support/app.ts';
import { newCustomer } from '../support/builders.ts';
import { runCommand, tempDir } from './support.ts';

/**
 * With BACKUP_PASSPHRASE (or BACKUP_PASSPHRASE_FILE) set, the backups the server writes itself — the
 * 'Respaldos' screen's and the daily one — are sealed like `npm run backup --passphrase-file`: no
 * clear dump reaches DATA_DIR/backups; they are listed and downloaded as `.enc`, and `npm run restore`
 * opens them with the same passphrase.
 */
const PASSPHRASE = 'frase de paso del servidor 2026';
const dataDir = tempDir('sealed');
afterAll(() => dataDir.remove());
const context = useTestApp({ dataDir: dataDir.dir, backupPassphrase: PASSPHRASE });
const backupsDir = join(dataDir.dir, 'backups');

function expectSealed(file: Buffer) {
  expect(isEncryptedBackup(file)).toBe(true);
  expect(() => gunzipSync(file)).toThrow();
  expect(file.toString('latin1')).not.toContain('prestaya-backup {');
}

describe('server backups with BACKUP_PASSPHRASE', () => {
  it("the 'Respaldos' backup is sealed, listed and downloaded as .enc, and restores with the passphrase", async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    await customersApi(context).create(agent.token, newCustomer({ name: 'Sellada', lastName: 'Prueba' }));
    const created = await request(context.app, {
      method: 'POST',
      url: '/api/v1/backups',
      token: admin.token,
    });
    expect(created.statusCode, created.body).toBe(201);
    const backup = created.json().data;
    expect(backup.name).toMatch(/^prestaya-\d{8}-\d{6}-\d{3}-manual\.sql\.gz\.enc$/);

    const onDisk = readFileSync(join(backupsDir, backup.name));
    expectSealed(onDisk);
    expect(readdirSync(backupsDir).filter((name) => !name.endsWith('.enc'))).toEqual([]);

    const listed = await request(context.app, { method: 'GET', url: '/api/v1/backups', token: admin.token });
    expect(listed.json().data).toEqual([backup]);
    const download = await request(context.app, {
      method: 'GET',
      url: `/api/v1/backups/${backup.name}`,
      token: admin.token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/octet-stream');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.equals(onDisk)).toBe(true);
    const { manifest } = unpackBackup(await decryptBackup(download.rawPayload, PASSPHRASE));
    expect(manifest.tables['public.customers']).toBe(1);

    // The documented restore opens it with the same passphrase, and refuses it without one.
    const downloaded = join(dataDir.dir, backup.name);
    writeFileSync(downloaded, download.rawPayload);
    const restoreTo = (target: string, env: Record<string, string>) =>
      runCommand(runRestoreCommand, ['--in', downloaded], { DATA_DIR: join(dataDir.dir, target), ...env });
    expect(await restoreTo('without', {})).toMatchObject({
      status: 1,
      stderr: BACKUP_MESSAGES.passphraseRequired,
    });
    const restored = await restoreTo('restored', { BACKUP_PASSPHRASE: PASSPHRASE });
    expect(restored.stderr).toBe('');
    expect(restored.status).toBe(0);
  }, 120_000);

  it('the daily backup is sealed too', async () => {
    const result = await runDailyBackup(
      { database: context.database, dataDir: dataDir.dir, passphrase: PASSPHRASE },
      () => new Date('2026-03-02T08:30:00Z'),
    );
    expect(result.status).toBe('done');
    if (result.status !== 'done') return;
    expect(result.backup.name).toBe('prestaya-20260302-083000-000-auto.sql.gz.enc');
    const file = readFileSync(join(backupsDir, result.backup.name));
    expectSealed(file);
    expect(unpackBackup(await decryptBackup(file, PASSPHRASE)).manifest.tables).toHaveProperty(
      'public.users',
    );
  }, 60_000);
});

describe('the passphrase settings', () => {
  it('BACKUP_PASSPHRASE_FILE (first line) wins over BACKUP_PASSPHRASE; short ones are refused at start-up', () => {
    const file = join(dataDir.dir, 'frase.txt');
    writeFileSync(file, `${PASSPHRASE}\nnotas\n`);
    expect(
      parseEnv({ BACKUP_PASSPHRASE_FILE: file, BACKUP_PASSPHRASE: 'otra frase larga de paso' }, '/')
        .backupPassphrase,
    ).toBe(PASSPHRASE);
    expect(parseEnv({ BACKUP_PASSPHRASE: PASSPHRASE }, '/').backupPassphrase).toBe(PASSPHRASE);
    expect(parseEnv({}, '/').backupPassphrase).toBeUndefined();
    expect(() => parseEnv({ BACKUP_PASSPHRASE: 'corta' }, '/')).toThrow(
      /BACKUP_PASSPHRASE: debe tener al menos 12/,
    );
    writeFileSync(file, 'corta\n');
    expect(() => parseEnv({ BACKUP_PASSPHRASE_FILE: file }, '/')).toThrow(
      /BACKUP_PASSPHRASE_FILE: la primera línea/,
    );
    expect(() => parseEnv({ BACKUP_PASSPHRASE_FILE: join(dataDir.dir, 'no-existe') }, '/')).toThrow(
      /BACKUP_PASSPHRASE_FILE: no se pudo leer/,
    );
  });
});
