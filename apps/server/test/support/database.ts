import { readFileSync } from 'node:fs';
import { SPEC_PRODUCT_NAME, SPEC_PRODUCT_TERMS } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';
import { DEFAULT_PRODUCT_ID, loanProducts } from '../../src/db/schema/loan-products.ts';
import { scratchPostgresDatabase } from './scratch-postgres.ts';

export { rowsOf, scratchPostgresDatabase };

/**
 * openDatabase's option that starts a new PGlite database (memory:// or a directory) from the suite's
 * migrated template (test/global-setup.ts) instead of initdb; the migrations then find nothing to do.
 */
export function fromPgliteTemplate(): { loadDataDir?: Blob } {
  const template = inject('pgliteTemplate');
  return template ? { loadDataDir: new Blob([readFileSync(template)]) } : {};
}

/**
 * Every test file gets its own real, freshly migrated database:
 * - default: an in-memory PGlite started from the migrated template of test/global-setup.ts, without
 *   full-page images in its WAL (openDatabase's crashUnsafe);
 * - with DATABASE_URL: a new database `prestaya_t_<random>` on that server, a copy of the migrated
 *   template of test/global-setup.ts, dropped afterwards, so files run in parallel against one
 *   PostgreSQL.
 * Tables are truncated (identities restarted) before each test.
 */
export async function createTestDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: 'memory://', crashUnsafe: true, ...fromPgliteTemplate() });
    return { database, drop: () => database.close() };
  }
  const scratch = await scratchPostgresDatabase(adminUrl, 'prestaya_t', inject('postgresTemplate'));
  const database = await openDatabase({ databaseUrl: scratch.url });
  return {
    database,
    drop: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

/**
 * Empties every table of the public schema and restarts its sequences (user num → 1001), in one
 * transaction. DELETE, not TRUNCATE: a test's tables hold a handful of rows, and TRUNCATE gives every
 * table and index a new file on PostgreSQL (0.3–1.2 s per test with some fifty of them, most of a
 * small test's time). `session_replication_role = replica` skips the foreign keys and the tally
 * triggers, so the tables empty in any order; the tallies are tables of the schema and empty too.
 * One DO block does it all in one round trip: this runs before every test, and a statement per table
 * would cost each test some fifty round trips, a good part of an API file's CPU on PostgreSQL.
 * The specification's loan product is written back, as migration 0035 writes it on a new installation.
 */
export async function resetDatabase(database: Database) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`do $$
      declare name text;
      begin
        set local session_replication_role = replica;
        for name in select quote_ident(tablename) from pg_tables where schemaname = 'public' loop
          execute 'delete from ' || name;
        end loop;
        perform setval(format('%I.%I', schemaname, sequencename), start_value, false)
          from pg_sequences where schemaname = 'public';
      end $$`);
    await tx
      .insert(loanProducts)
      .values({ id: DEFAULT_PRODUCT_ID, name: SPEC_PRODUCT_NAME, ...SPEC_PRODUCT_TERMS, active: true });
  });
}
