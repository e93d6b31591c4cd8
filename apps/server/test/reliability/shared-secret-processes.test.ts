import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { filesUnder } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { type Http, http, startServer, temporaryDirectory, useScratchDatabase } from './support-server.ts';

/**
 * Two real server processes started together on one fresh PostgreSQL database WITHOUT JWT_SECRET, each
 * with its own DATA_DIR: they agree on one signing key from the database, so a token of one works on
 * the other. One DATA_DIR is an older installation's (its jwt-secret file and a partial upload): the
 * start takes the key over or defers to the database's, and leaves nothing behind on either disk.
 */
describe.skipIf(!process.env.DATABASE_URL)('servers without JWT_SECRET on one database (PostgreSQL)', () => {
  const scratch = useScratchDatabase();
  let database: Database | undefined;
  const context = {} as { a: Http; b: Http; dataDirs: string[] };

  beforeAll(async () => {
    const opened = await scratch.open();
    const older = temporaryDirectory('older-data');
    writeFileSync(join(older, 'jwt-secret'), 'legado-legado-legado-legado-legado-0123456789', {
      mode: 0o600,
    });
    mkdirSync(join(older, 'uploads', 'tmp'), { recursive: true });
    writeFileSync(join(older, 'uploads', 'tmp', 'abandonada.part'), 'bytes a medias');
    const fresh = temporaryDirectory('fresh-data');
    const start = (dataDir: string) =>
      startServer({ databaseUrl: opened.url, env: { JWT_SECRET: '', DATA_DIR: dataDir } });
    const [a, b] = await Promise.all([start(older), start(fresh)]);
    database = opened.database;
    context.a = http(a.url);
    context.b = http(b.url);
    context.dataDirs = [older, fresh];
  }, 120_000);

  it("agree on one key from the database and accept each other's tokens; nothing is left on disk", async () => {
    if (!database) throw new Error('no database');
    const secrets = rowsOf<{ name: string }>(await database.db.execute(sql`select name from app_secrets`));
    expect(secrets).toEqual([{ name: 'jwt-secret' }]);
    const fromA = await context.a.login();
    expect((await context.b.json('GET', '/api/v1/users', { token: fromA })).status).toBe(200);
    const fromB = await context.b.login();
    expect((await context.a.json('GET', '/api/v1/users', { token: fromB })).status).toBe(200);
    for (const dir of context.dataDirs) expect(filesUnder(dir), dir).toEqual([]);
  }, 60_000);
});
