import { sql } from 'drizzle-orm';
import type { AppDb } from './client.ts';
import { preparedPerDatabase } from './prepared.ts';
import { rateLimitHits } from './schema/rate-limits.ts';

/**
 * One atomic upsert per hit: a fixed window per key that restarts once `reset_at` has passed. Counting
 * in PostgreSQL makes the limit hold across all servers. The key names its limit (e.g. `login:<ip>`).
 * A prepared statement, built once per database handle: every limited request runs it (bench/api.ts).
 *
 * Its commit does not wait for the WAL to reach the disk: the statement sets `synchronous_commit = off`
 * for its own implicit transaction (set_config(…, true) while computing the new row's `hits`), so a
 * public lookup no longer waits for a flush it does not need. What a crash can lose is the last
 * moments of counts (at most 3 × wal_writer_delay, 600 ms by default): a client then gets at most those
 * few attempts again, and a crash is no way to provoke more of them. Nothing else is affected, and the
 * database stays consistent (asynchronous commit never corrupts, it only forgets the newest commits).
 * PIN lockouts (modules/public/pin-lockouts.ts) are written elsewhere and stay durable. It must run
 * alone, never on a transaction handle: the setting would then cover that transaction's commit.
 */
const expired = sql`${rateLimitHits.resetAt} <= now()`;
const hitQuery = preparedPerDatabase((db) =>
  db
    .insert(rateLimitHits)
    .values({
      key: sql.placeholder('key'),
      hits: sql`(select 1 from set_config('synchronous_commit', 'off', true))`,
      resetAt: sql`now() + ${sql.placeholder('windowMs')} * interval '1 millisecond'`,
    })
    .onConflictDoUpdate({
      target: rateLimitHits.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitHits.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitHits.resetAt} end`,
      },
    })
    .returning({
      current: rateLimitHits.hits,
      ttl: sql<number>`greatest(0, ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000))`.mapWith(
        Number,
      ),
    })
    .prepare('rate_limit_hit'),
);

export async function countHit(db: AppDb, key: string, windowMs: number) {
  const [row] = await hitQuery(db).execute({ key, windowMs });
  if (!row) throw new Error('rate limit upsert returned no row');
  return row;
}

const peekQuery = preparedPerDatabase((db) =>
  db
    .select({
      current: rateLimitHits.hits,
      ttl: sql<number>`ceil(extract(epoch from (${rateLimitHits.resetAt} - now())) * 1000)`.mapWith(Number),
    })
    .from(rateLimitHits)
    .where(sql`${rateLimitHits.key} = ${sql.placeholder('key')} and ${rateLimitHits.resetAt} > now()`)
    .prepare('rate_limit_peek'),
);

/** The count of a key's current window without adding a hit (and without creating a row). */
export async function peekHits(db: AppDb, key: string): Promise<{ current: number; ttl: number }> {
  const [row] = await peekQuery(db).execute({ key });
  return row ?? { current: 0, ttl: 0 };
}
