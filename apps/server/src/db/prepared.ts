import type { AppDb } from './client.ts';

/**
 * A statement prepared once per database handle, for the queries a busy route runs on every request:
 * drizzle renders the SQL text once instead of on each call, and PostgreSQL parses and plans it once
 * per connection (bench/api.ts profiles). `build` returns drizzle's `.prepare(name)`.
 */
export function preparedPerDatabase<T>(build: (db: AppDb) => T): (db: AppDb) => T {
  const byDatabase = new WeakMap<AppDb, T>();
  return (db) => {
    let statement = byDatabase.get(db);
    if (!statement) {
      statement = build(db);
      byDatabase.set(db, statement);
    }
    return statement;
  };
}
