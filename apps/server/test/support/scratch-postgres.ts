import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new database `<prefix>_<random>` on the PostgreSQL server of `adminUrl`, empty or a copy of
 * `template`; drop() removes it even while connections remain, so a crashed test cannot leave it
 * behind in use. Its commits do not wait for the WAL to reach the disk (`synchronous_commit = off`):
 * a test database need not survive a crash of the machine, and the wait for every commit's flush took
 * about 5 % of the API files' time. A killed server process loses nothing by it: what PostgreSQL
 * acknowledged stays in its WAL buffers.
 */
export async function scratchPostgresDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.query(`alter database ${name} set synchronous_commit = off`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
