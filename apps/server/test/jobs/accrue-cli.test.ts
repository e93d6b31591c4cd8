import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { runAccrueCommand } from '../../src/jobs/accrue-command.ts';
import { type TestContext, testConfig } from '../support/app.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { fromPgliteTemplate } from '../support/database.ts';
import { activeLoan, loanWorld } from '../support/worlds.ts';

/**
 * The command behind `npm run accrue -- --date YYYY-MM-DD` (its bin, accrue-cli.ts, only passes argv and
 * the exit code), run in-process to spare a node start per case, against a PGlite DATA_DIR given
 * RELATIVE to the root (npm -w runs the script in apps/server, so the command must resolve it against
 * the root as `npm start` does). Always PGlite: DATABASE_URL is not passed on.
 */
const ROOT = resolve(import.meta.dirname, '..', '..', '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'prestaya-accrue-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The command in-process, with the environment `npm run accrue` would give it. */
async function accrueCli(...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: relative(ROOT, dataDir), LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.JWT_SECRET;
  const stdout: string[] = [];
  const stderr: string[] = [];
  const status = await runAccrueCommand(args, env, {
    log: (line) => stdout.push(line),
    error: (...parts) => stderr.push(parts.map(String).join(' ')),
  });
  const json = stdout
    .flatMap((line) => line.split('\n'))
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { status, stdout: stdout.join('\n'), stderr: stderr.join('\n'), result: json.at(-1) };
}

describe('npm run accrue', () => {
  it('brings the fees of the DATA_DIR database up to --date, catching up missed days; a rerun does nothing', async () => {
    const T = businessToday();
    // Seed through the API: a loan registered 10 days ago, anchored 10 days ago (installment 1 due T−3).
    const database = await openDatabase({ dataDir: join(dataDir, 'db'), ...fromPgliteTemplate() });
    const context = { database } as TestContext;
    try {
      await migrateDatabase(database);
      context.app = await buildApp({ config: testConfig({ dataDir }), database, logger: false });
      const world = await loanWorld(context);
      await activeLoan(context, world.admin, world.customer.id, { requestDate: addDays(T, -10) });
    } finally {
      await context.app?.close();
      await database.close();
    }

    const first = await accrueCli('--date', T);
    expect(first.status, first.stderr).toBe(0);
    expect(first.result).toEqual({
      throughDate: T,
      status: 'done',
      feesCreated: 3,
      installmentsDelayed: 1,
      loansUpdated: 1,
    });
    expect(first.stdout).toContain(`Multas hasta ${T}`);
    // The relative DATA_DIR was resolved against the repository root, not apps/server.
    expect(existsSync(join(dataDir, 'db'))).toBe(true);

    const again = await accrueCli('--date', T);
    expect(again.status, again.stderr).toBe(0);
    expect(again.result).toMatchObject({ feesCreated: 0, installmentsDelayed: 0, loansUpdated: 0 });

    // Without --date: today, which is T here (nothing new either).
    const byDefault = await accrueCli();
    expect(byDefault.status, byDefault.stderr).toBe(0);
    expect(byDefault.result).toMatchObject({ throughDate: T, feesCreated: 0 });
  }, 120_000);

  it('refuses an impossible date with exit code 1', async () => {
    const bad = await accrueCli('--date', '2025-02-30');
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain('--date: fecha inválida "2025-02-30": Fecha inválida, use AAAA-MM-DD');
  }, 60_000);

  it('refuses a date outside 2000–2099 with exit code 1, before opening the database', async () => {
    const far = await accrueCli('--date', '9999-12-31');
    expect(far.status).toBe(1);
    expect(far.stderr).toContain(
      '--date: fecha inválida "9999-12-31": La fecha debe estar entre 2000-01-01 y 2099-12-31',
    );
  }, 60_000);
});
