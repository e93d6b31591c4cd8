import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { zonedInstant } from '@prestaya/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { unpackBackup } from '../../src/backup/format.ts';
import { backupFileName } from '../../src/backup/store.ts';
import { runDailyBackup, startBackupScheduler } from '../../src/jobs/backup-scheduler.ts';
import { customersApi } from '../support/api.ts';
import { createAdmin, createUserAndLogin, request, useTestApp } from '../support/app.ts';
import { newCustomer } from '../support/builders.ts';
import { tempDir } from './support.ts';

/**
 * 'Respaldos' while the server runs: an administrator makes a backup (the dump goes through the
 * server's own database connection, PGlite included), lists it and downloads it; an agent gets 403;
 * requests made during a backup all succeed, and the server's session is as it was after it. The daily
 * job makes an automatic backup and keeps the newest 14 automatic ones.
 */
const dataDir = tempDir('api');
afterAll(() => dataDir.remove());
const context = useTestApp({ dataDir: dataDir.dir });
const backupsDir = join(dataDir.dir, 'backups');

describe('/api/v1/backups', () => {
  it('an administrator creates a backup, lists it and downloads it; writes during it all succeed', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const customers = customersApi(context);
    const [created, ...during] = await Promise.all([
      request(context.app, { method: 'POST', url: '/api/v1/backups', token: admin.token }),
      ...['Uno', 'Dos', 'Tres'].map((name) =>
        customers.create(agent.token, newCustomer({ name, lastName: 'Durante' })),
      ),
    ]);
    expect(created?.statusCode, created?.body).toBe(201);
    expect(during.map((response) => response.statusCode)).toEqual([201, 201, 201]);
    // After the dump the server writes as before (pg_dump's read-only transaction is over).
    expect(
      (await customers.create(agent.token, newCustomer({ name: 'Cuatro', lastName: 'Después' }))).statusCode,
    ).toBe(201);

    const backup = created?.json().data;
    expect(backup).toMatchObject({
      kind: 'manual',
      name: expect.stringMatching(/^prestaya-\d{8}-\d{6}-\d{3}-manual\.sql\.gz$/),
    });
    const listed = await request(context.app, { method: 'GET', url: '/api/v1/backups', token: admin.token });
    expect(listed.json()).toEqual({
      data: [backup],
      page: 1,
      size: 10,
      totalDocuments: 1,
      totalPages: 1,
      totalCapped: false,
    });

    const download = await request(context.app, {
      method: 'GET',
      url: `/api/v1/backups/${backup.name}`,
      token: admin.token,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/gzip');
    expect(download.headers['content-disposition']).toBe(`attachment; filename="${backup.name}"`);
    expect(download.rawPayload.length).toBe(backup.sizeBytes);
    const { manifest } = unpackBackup(download.rawPayload);
    expect(manifest.source).toBe(context.database.kind === 'pglite' ? 'pglite' : 'postgresql');
    expect(manifest.tables['public.users']).toBe(2);
    expect([0, 1, 2, 3]).toContain(manifest.tables['public.customers']);
  }, 60_000);

  it('is for administrators only, and names only the server’s own files', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const name = backupFileName(new Date('2026-01-01T02:30:00Z'), 'auto');
    for (const [method, url] of [
      ['GET', '/api/v1/backups'],
      ['POST', '/api/v1/backups'],
      ['GET', `/api/v1/backups/${name}`],
    ] as const) {
      const response = await request(context.app, { method, url, token: agent.token });
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
    const traversal = await request(context.app, {
      method: 'GET',
      url: '/api/v1/backups/..%2Fjwt-secret',
      token: admin.token,
    });
    expect(traversal.statusCode).toBe(400);
    expect(traversal.json().detail).toBe('name: Nombre de respaldo inválido');
    const missing = await request(context.app, {
      method: 'GET',
      url: `/api/v1/backups/${name}`,
      token: admin.token,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().detail).toBe('Respaldo no encontrado');
  });
});

describe('the daily backup', () => {
  it('keeps the newest 14 automatic backups and every manual one', async () => {
    mkdirSync(backupsDir, { recursive: true });
    const old = Array.from({ length: 15 }, (_, day) =>
      backupFileName(new Date(Date.UTC(2026, 0, day + 1, 8, 30)), 'auto'),
    );
    const manual = backupFileName(new Date(Date.UTC(2025, 11, 31)), 'manual');
    for (const name of [...old, manual]) writeFileSync(join(backupsDir, name), 'respaldo');

    const target = { database: context.database, dataDir: dataDir.dir };
    const result = await runDailyBackup(target, () => new Date(Date.UTC(2026, 1, 1, 8, 30)));
    expect(result).toMatchObject({
      status: 'done',
      backup: { kind: 'auto' },
      pruned: old.slice(0, 2).reverse(),
    });
    const after = readdirSync(backupsDir);
    expect(after.filter((name) => name.endsWith('-auto.sql.gz'))).toHaveLength(14);
    expect(after).toContain(manual);
    expect(after).toContain(result.status === 'done' ? result.backup.name : '');
  }, 60_000);

  it('runs at 02:30 business time; stop() ends it', async () => {
    const start = Date.now();
    // The clock reads 02:29:58 in Mexico City and advances in real time.
    const base = zonedInstant('2026-03-10', 2, 29, 'America/Mexico_City').getTime() + 58_000;
    const infos: object[] = [];
    const errors: object[] = [];
    const scheduler = startBackupScheduler({
      target: { database: context.database, dataDir: dataDir.dir },
      timeZone: 'America/Mexico_City',
      log: { info: (object) => infos.push(object), error: (object) => errors.push(object) },
      now: () => new Date(base + (Date.now() - start)),
    });
    const deadline = Date.now() + 20_000;
    while (infos.length === 0 && errors.length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
    await scheduler.stop();
    expect(errors).toEqual([]);
    expect(infos).toEqual([
      {
        name: expect.stringMatching(/^prestaya-20260310-0830\d{2}-\d{3}-auto\.sql\.gz$/),
        pruned: expect.any(Array),
      },
    ]);
  }, 60_000);
});
