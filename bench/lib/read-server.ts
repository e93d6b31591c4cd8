/**
 * The app as `npm start` serves it (buildApp, same config from the environment, HTTP on PORT), minus
 * everything that writes on its own: no migrations (it refuses a database that lacks one instead), no
 * first administrator, no import of DATA_DIR/uploads, no fee accrual or tally compaction at start-up,
 * no daily backup. A benchmark can then read a shared database without changing it.
 *
 *   DATABASE_URL=… | DATA_DIR=…  JWT_SECRET=…  PORT=…  tsx bench/lib/read-server.ts
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp, type Database, loadConfig, MIGRATIONS_FOLDER, openDatabase } from '@prestaya/server/bench';
import { queryRows } from './target.ts';

/** The newest migration's timestamp in the journal, and the newest one the database has applied. */
async function assertMigrated(database: Database) {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const newest = journal.entries.at(-1);
  const [row] = await queryRows<{ applied: string }>(
    database,
    'select coalesce(max(created_at), 0)::text as applied from drizzle.__drizzle_migrations',
  );
  const applied = Number(row?.applied ?? 0);
  if (newest && applied < newest.when)
    throw new Error(`the database lacks migration ${newest.tag}: it is not migrated here (read only)`);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.pgliteDir });
await assertMigrated(database);
const app = await buildApp({ config, database });
await app.listen({ host: config.host, port: config.port });

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
