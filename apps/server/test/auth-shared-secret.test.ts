import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import type { Database } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { sharedJwtSecret } from '../src/modules/auth/jwt-secret.ts';
import { createAdmin, request, testConfig } from './support/app.ts';
import { tempDataDir } from './support/builders.ts';
import { createTestDatabase, resetDatabase, rowsOf } from './support/database.ts';

/**
 * Without JWT_SECRET the signing key lives in the database (app_secrets): generated once, the same
 * for every server on that database, and taken over from DATA_DIR/jwt-secret of an older installation.
 */
let database: Database;
let drop: () => Promise<void>;
const dataDir = tempDataDir();
const apps: FastifyInstance[] = [];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  await migrateDatabase(database);
});
beforeEach(() => resetDatabase(database));
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});
afterAll(async () => {
  await drop();
  dataDir.remove();
});

/** A server on the shared database, configured like one started without JWT_SECRET. */
async function serverWithoutSecret(): Promise<FastifyInstance> {
  const app = await buildApp({
    config: { ...testConfig({ dataDir: dataDir.dir, jwtSecretSource: 'database' }), jwtSecret: undefined },
    database,
    logger: false,
  });
  apps.push(app);
  return app;
}

async function storedSecrets() {
  return rowsOf<{ name: string; value: string }>(
    await database.db.execute(sql`select name, value from app_secrets order by name`),
  );
}

const listUsers = (app: FastifyInstance, token: string) =>
  request(app, { method: 'GET', url: '/api/v1/users', token });

describe('the JWT secret without JWT_SECRET', () => {
  it('is generated once into the database (at least 32 characters) and reused on restart', async () => {
    const first = await serverWithoutSecret();
    expect(first.config.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(await storedSecrets()).toEqual([{ name: 'jwt-secret', value: first.config.jwtSecret }]);
    await first.close();
    const restarted = await serverWithoutSecret();
    expect(restarted.config.jwtSecret).toBe(first.config.jwtSecret);
    expect(existsSync(join(dataDir.dir, 'jwt-secret'))).toBe(false);
  });

  it('JWT_SECRET, when given, wins and leaves the database alone', async () => {
    const app = await buildApp({ config: testConfig({ dataDir: dataDir.dir }), database, logger: false });
    apps.push(app);
    expect(app.config.jwtSecret).toBe(testConfig().jwtSecret);
    expect(await storedSecrets()).toEqual([]);
  });

  it("is shared: two servers on one database accept each other's tokens", async () => {
    const a = await serverWithoutSecret();
    const b = await serverWithoutSecret();
    const admin = await createAdmin({ app: a, database });
    expect((await listUsers(b, admin.token)).statusCode).toBe(200);
    const fromB = await createAdmin({ app: b, database });
    expect((await listUsers(a, fromB.token)).statusCode).toBe(200);
  });

  it('servers starting together agree on one secret', async () => {
    const secrets = await Promise.all(
      Array.from({ length: 6 }, () => sharedJwtSecret(database.db, dataDir.dir)),
    );
    expect(new Set(secrets).size).toBe(1);
    expect(await storedSecrets()).toHaveLength(1);
  });

  it("takes over an older installation's DATA_DIR/jwt-secret, so its sessions survive the upgrade", async () => {
    const legacy = 'legado-legado-legado-legado-legado-0123456789';
    const before = await buildApp({
      config: testConfig({ dataDir: dataDir.dir, jwtSecret: legacy }),
      database,
      logger: false,
    });
    apps.push(before);
    const admin = await createAdmin({ app: before, database });
    writeFileSync(join(dataDir.dir, 'jwt-secret'), `${legacy}\n`, { mode: 0o600 });

    const upgraded = await serverWithoutSecret();
    expect(upgraded.config.jwtSecret).toBe(legacy);
    expect(await storedSecrets()).toEqual([{ name: 'jwt-secret', value: legacy }]);
    expect(existsSync(join(dataDir.dir, 'jwt-secret'))).toBe(false);
    expect((await listUsers(upgraded, admin.token)).statusCode).toBe(200);
  });

  it('a DATA_DIR/jwt-secret found after the database has its secret does not replace it', async () => {
    const stored = (await serverWithoutSecret()).config.jwtSecret;
    writeFileSync(join(dataDir.dir, 'jwt-secret'), 'otro-otro-otro-otro-otro-otro-otro-0123456789');
    expect((await serverWithoutSecret()).config.jwtSecret).toBe(stored);
    expect(existsSync(join(dataDir.dir, 'jwt-secret'))).toBe(false);
  });
});
