import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppDb } from '../../src/db/client.ts';
import { countHit } from '../../src/db/rate-limit-hits.ts';
import { useTestApp } from '../support/app.ts';
import { rowsOf } from '../support/database.ts';

// The test databases commit without waiting for the WAL (support/scratch-postgres.ts): this file's
// sessions start from the production default, `on`, so that a setting left behind would show.
const previousOptions = process.env.PGOPTIONS;
beforeAll(() => {
  process.env.PGOPTIONS = [previousOptions, '-c synchronous_commit=on'].filter(Boolean).join(' ');
});
afterAll(() => {
  if (previousOptions === undefined) delete process.env.PGOPTIONS;
  else process.env.PGOPTIONS = previousOptions;
});
const context = useTestApp();

const settingOf = async (db: AppDb) => {
  const [row] = rowsOf<{ value: string }>(
    await db.execute(sql`select current_setting('synchronous_commit') as value`),
  );
  return row?.value;
};

/**
 * The rate-limit counter commits without waiting for the WAL flush (db/rate-limit-hits.ts): the
 * setting covers the counter's own transaction and nothing after it on the same connection.
 */
describe('rate-limit counter commit', () => {
  it('turns synchronous_commit off for its own transaction only', async () => {
    const db = context.database.db;
    expect(await settingOf(db)).toBe('on');

    const inside = await db.transaction(async (tx) => {
      await countHit(tx as unknown as AppDb, 'test:203.0.113.1', 60_000);
      return settingOf(tx as unknown as AppDb);
    });
    expect(inside).toBe('off');

    expect((await countHit(db, 'test:203.0.113.1', 60_000)).current).toBe(2);
    // Read on the session that just counted (PGlite has one; an idle pool hands back the last one).
    expect(await settingOf(db)).toBe('on');
  });

  it('still counts hits and restarts the window', async () => {
    const db = context.database.db;
    expect((await countHit(db, 'test:203.0.113.2', 60_000)).current).toBe(1);
    expect((await countHit(db, 'test:203.0.113.2', 60_000)).current).toBe(2);
    await db.execute(sql`update rate_limit_hits set reset_at = now() - interval '1 second'`);
    const restarted = await countHit(db, 'test:203.0.113.2', 60_000);
    expect(restarted.current).toBe(1);
    expect(restarted.ttl).toBeGreaterThan(59_000);
  });
});
