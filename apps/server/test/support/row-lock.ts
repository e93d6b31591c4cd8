import pg from 'pg';
import type { Database } from '../../src/db/client.ts';

/** The connection string of a PostgreSQL test database (the races only run there). */
export function databaseUrlOf(database: Database): string {
  if (database.kind !== 'pg') throw new Error('expected PostgreSQL');
  const url = database.client.options.connectionString;
  if (!url) throw new Error('no connection string');
  return url;
}

/**
 * Holds `SELECT … FOR UPDATE` on one row from its own connection until `release()`, so a test can fire
 * concurrent requests and let go only once they all wait on that row: the race is then certain, not
 * left to scheduling.
 */
export async function holdRowLock(database: Database, table: string, id: string) {
  const client = new pg.Client({ connectionString: databaseUrlOf(database) });
  await client.connect();
  await client.query('begin');
  await client.query(`select id from ${pg.escapeIdentifier(table)} where id = $1 for update`, [id]);
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const holder = rows[0]?.pid;
  return {
    /**
     * Waits until `count` other backends of this database are blocked on a lock. (Only the first
     * waiter is blocked by the holder itself; the others queue behind it on the tuple lock.)
     */
    async waitForBlocked(count: number): Promise<number> {
      const deadline = Date.now() + 20_000;
      let blocked = 0;
      while (Date.now() < deadline) {
        // pg_stat_activity is frozen for the rest of a transaction once read: drop that snapshot.
        await client.query('select pg_stat_clear_snapshot()');
        const result = await client.query<{ n: number }>(
          `select count(*)::int as n from pg_stat_activity
            where datname = current_database() and pid <> $1
              and cardinality(pg_blocking_pids(pid)) > 0`,
          [holder],
        );
        blocked = result.rows[0]?.n ?? 0;
        if (blocked >= count) return blocked;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return blocked;
    },
    async release() {
      await client.query('commit');
      await client.end();
    },
  };
}
