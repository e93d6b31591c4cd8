import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateDatabase } from '../src/db/migrate.ts';
import { scratchPostgresDatabase } from './support/scratch-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Tarball of a freshly migrated PGlite; every test file starts its own in-memory copy from it. */
    pgliteTemplate: string | undefined;
    /** With DATABASE_URL: a migrated database every test file's own database is created from. */
    postgresTemplate: string | undefined;
  }
}

/** A dump of a freshly migrated PGlite, written to a temporary file; the clean-up removes it. */
async function pgliteTemplate(): Promise<{ file: string; remove: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'prestaya-pglite-'));
  const file = join(dir, 'migrated.tar');
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateDatabase(database);
    if (database.kind !== 'pglite') throw new Error('expected PGlite');
    const dump = await database.client.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
  return { file, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** With DATABASE_URL: a migrated template database on that server; the clean-up drops it. */
async function postgresTemplate(adminUrl: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const template = await scratchPostgresDatabase(adminUrl, 'prestaya_tpl');
  const database = await openDatabase({ databaseUrl: template.url });
  try {
    await migrateDatabase(database);
  } finally {
    // A template must have no session open while databases are copied from it.
    await database.close();
  }
  return { name: template.name, drop: template.drop };
}

/**
 * Runs initdb + migrations once per run instead of once per file: starting PGlite from the dump takes
 * about 0.8 s, a fresh initdb about 4 s. With DATABASE_URL, each file's database is a copy of one
 * migrated template database (`create database … template`, ~0.1 s, against 1.5–2 s for the migrations);
 * the PGlite dump is made as well, beside it, for the files that work on PGlite installations whatever
 * the engine (backups, the CLIs, the data-directory lock).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.DATABASE_URL;
  // One after the other: PGlite's initdb holds this process's event loop for seconds, long enough for
  // a PostgreSQL connection opened meanwhile to time out ("timeout expired").
  const postgres = adminUrl ? await postgresTemplate(adminUrl) : undefined;
  // A run on PostgreSQL whose files make no PGlite installation (the midnight and cluster runs) says
  // so, and saves making the dump (initdb and every migration on PGlite, ~5 s of CPU); a file that
  // needed it anyway would still pass, starting from initdb.
  const skipDump = Boolean(adminUrl) && process.env.PRESTAYA_TEST_NO_PGLITE_DUMP === '1';
  const pglite = skipDump ? undefined : await pgliteTemplate();
  project.provide('pgliteTemplate', pglite?.file);
  project.provide('postgresTemplate', postgres?.name);
  return async () => {
    pglite?.remove();
    await postgres?.drop();
  };
}
