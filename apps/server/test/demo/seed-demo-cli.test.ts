import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { runSeedDemoCommand } from '../../src/demo/command.ts';
import { DEMO_MESSAGES } from '../../src/demo/seed.ts';
import { fromPgliteTemplate } from '../support/database.ts';

/**
 * The command behind `npm run seed:demo` (its bin, cli.ts, only passes argv and the exit code), run
 * in-process, against a PGlite DATA_DIR given relative to the repository root. Its refusals only (a full seed is covered by seed-demo.test.ts through the
 * same function): a database with customers, and a bad --seed, each with exit code 1 and a Spanish
 * message, nothing written.
 */
const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'prestaya-seed-demo-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The command in-process, with the environment `npm run seed:demo` would give it. */
async function seedDemoCli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: relative(ROOT, dataDir), LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await runSeedDemoCommand(args, env, {
    log: (line) => stdout.push(line),
    error: (...parts) => stderr.push(parts.map(String).join(' ')),
  });
  return { status, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

describe('npm run seed:demo (CLI)', () => {
  it('refuses a database that already has customers: exit code 1, the reason in Spanish, nothing added', async () => {
    const database = await openDatabase({ dataDir: join(dataDir, 'db'), ...fromPgliteTemplate() });
    try {
      await migrateDatabase(database);
      await database.db.execute(sql`
        insert into customers (id, name, last_name, phone, curp, search_text)
        values (gen_random_uuid(), 'Rosa', 'Peña', '2221234567', 'PERR800101MPLXSS07', 'rosa pena 2221234567')`);
    } finally {
      await database.close();
    }

    const result = await seedDemoCli('--seed', '7');
    expect(result.status, result.stdout).toBe(1);
    expect(result.stderr).toContain(DEMO_MESSAGES.notEmpty);

    const after = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      const counts = await after.db.execute<{ customers: number; users: number }>(
        sql`select (select count(*)::int from customers) as customers, (select count(*)::int from users) as users`,
      );
      expect((counts as unknown as { rows: unknown[] }).rows).toEqual([{ customers: 1, users: 0 }]);
    } finally {
      await after.close();
    }
  }, 180_000);

  it('refuses a --customers outside 1 to 120', async () => {
    const result = await seedDemoCli('--customers', '121');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--customers: valor inválido "121"; use un entero de 1 a 120');
  }, 120_000);

  it('refuses a --seed that is not a whole number', async () => {
    const result = await seedDemoCli('--seed', 'abc');
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('--seed: valor inválido "abc"');
  }, 120_000);
});
