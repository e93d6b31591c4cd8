import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { expectProblem, testConfig, useTestApp } from './support/app.ts';
import { rowsOf } from './support/database.ts';

const context = useTestApp();

describe('GET /health and GET /health/ready', () => {
  it('answer 200 {status:"ok"} when the database answers', async () => {
    for (const url of ['/health', '/health/ready']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('/health/ready answers a 503 problem when the database does not, /health stays 200', async () => {
    // A real driver pointed at a closed port: every query fails as it would with PostgreSQL down.
    const unreachable = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/nada' });
    const app = await buildApp({ config: testConfig(), database: unreachable, logger: false });
    try {
      expectProblem(
        await app.inject({ method: 'GET', url: '/health/ready' }),
        503,
        'La base de datos no responde',
      );
      // Liveness: the process answers; restarting it would not bring the database back.
      const live = await app.inject({ method: 'GET', url: '/health' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
      await unreachable.close();
    }
  });
});

const journal = JSON.parse(
  readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as { entries: unknown[] };

describe('migrations', () => {
  it('can run again, also concurrently, without changing anything', async () => {
    await Promise.all([migrateDatabase(context.database), migrateDatabase(context.database)]);
    const applied = rowsOf<{ n: number }>(
      await context.database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    );
    expect(applied[0]?.n).toBe(journal.entries.length);
  });

  it('installs pg_trgm and unaccent', async () => {
    const rows = rowsOf<{ extname: string }>(
      await context.database.db.execute(
        sql`select extname from pg_extension where extname in ('pg_trgm', 'unaccent') order by extname`,
      ),
    );
    expect(rows.map((r) => r.extname)).toEqual(['pg_trgm', 'unaccent']);
    const [row] = rowsOf<{ plain: string }>(
      await context.database.db.execute(sql`select unaccent(lower('Gómez Núñez')) as plain`),
    );
    expect(row?.plain).toBe('gomez nunez');
  });
});
