import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { expect } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { readInventory } from '../../src/backup/inventory.ts';
import { runSqlOn } from '../../src/backup/sql-runner.ts';
import type { CommandOutput } from '../../src/command-output.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { sha256Hex, storeFile } from '../../src/db/stored-files.ts';
import { scratchDatabase } from '../reliability/support-server.ts';
import { seedWorld } from '../reliability/world.ts';
import { testConfig } from '../support/app.ts';
import { fromPgliteTemplate } from '../support/database.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { expectReportTallies } from '../support/report-tallies-invariant.ts';

/** Shared by the backup tests: a source installation with data, databases to restore into, checks. */

export function tempDir(prefix: string) {
  const dir = mkdtempSync(join(tmpdir(), `prestaya-backup-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs a command in-process with its output captured, as its bin would with the console. */
export async function runCommand(
  run: (args: string[], env: NodeJS.ProcessEnv, out: CommandOutput) => Promise<number>,
  args: string[],
  env: Record<string, string>,
) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const base: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent' };
  delete base.DATABASE_URL;
  const status = await run(
    args,
    { ...base, ...env },
    {
      log: (line) => stdout.push(line),
      error: (...parts) => stderr.push(parts.map(String).join(' ')),
    },
  );
  return { status, stdout: stdout.join('\n'), stderr: stderr.join('\n') };
}

/** Two more stored files, an empty-ish one and a larger one, with the SHA-256 of their bytes. */
export async function addStoredFiles(database: Database): Promise<Record<string, string>> {
  const digests: Record<string, string> = {};
  for (const size of [1, 70_000]) {
    const bytes = randomBytes(size);
    digests[await storeFile(database.db, { bytes, contentType: 'image/png', reencoded: false })] =
      sha256Hex(bytes);
  }
  return digests;
}

/**
 * A PGlite installation in `dataDir` (DATA_DIR/db) with the reliability world (users, customers,
 * loans with fees, payments with a proof image, an account's ledger) and two more stored files; closed
 * afterwards. Returns the SHA-256 of those two.
 */
export async function seedInstallation(dataDir: string) {
  mkdirSync(dataDir, { recursive: true });
  const database = await openDatabase({ dataDir: join(dataDir, 'db'), ...fromPgliteTemplate() });
  try {
    await migrateDatabase(database);
    const app = await buildApp({ config: testConfig({ dataDir }), database, logger: false });
    await app.ready();
    await seedWorld({ app, database });
    await app.close();
    return await addStoredFiles(database);
  } finally {
    await database.close();
  }
}

/** What a restore must reproduce: rows per table, files by their recomputed SHA-256, the ledger. */
export async function fingerprint(database: Database) {
  const inventory = await readInventory(runSqlOn(database), 'computed');
  const transactions = await expectLedgerInvariant(database.db);
  // The report tallies travel as rows and still match the rows they count.
  await expectReportTallies(database.db);
  return { ...inventory, transactions };
}

export async function withDatabase<T>(
  options: { dataDir: string } | { databaseUrl: string },
  work: (d: Database) => Promise<T>,
) {
  const database = await openDatabase(options);
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** The local PostgreSQL's admin URL (DATABASE_URL when the suite runs on PostgreSQL). */
export const POSTGRES_ADMIN_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function postgresAvailable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_ADMIN_URL, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** A new, empty PostgreSQL database with a random name on the local server; `drop` removes it. */
export const createPostgresDatabase = () => scratchDatabase(POSTGRES_ADMIN_URL);

export function expectSameData(actual: Awaited<ReturnType<typeof fingerprint>>, expected: typeof actual) {
  expect(actual.tables).toEqual(expected.tables);
  expect(actual.files).toEqual(expected.files);
  expect(actual.schemaVersion).toEqual(expected.schemaVersion);
  expect(actual.transactions).toBe(expected.transactions);
}
