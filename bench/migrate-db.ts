/**
 * `npx tsx bench/migrate-db.ts <url>…`: applies the app's migrations to generated databases, then
 * VACUUM ANALYZE, with the time each took. bench:screens' servers are read-only and refuse a database
 * that lacks a migration: a database generated before a new migration is brought up to date here.
 */
import { migrateDatabase, openDatabase } from '@prestaya/server/bench';
import pg from 'pg';

const urls = process.argv.slice(2);
if (urls.length === 0) throw new Error('usage: tsx bench/migrate-db.ts <postgres url>…');
for (const url of urls) {
  const started = performance.now();
  const database = await openDatabase({ databaseUrl: url });
  try {
    await migrateDatabase(database);
  } finally {
    await database.close();
  }
  const migrated = performance.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('vacuum analyze');
  } finally {
    await client.end();
  }
  const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  console.log(
    `${url}: migrations ${seconds(migrated - started)}, vacuum analyze ${seconds(performance.now() - migrated)}`,
  );
}
