import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong-PIN counters of the public payment authorisation (@prestaya/domain pin-lockout.ts has the limits; the
 * rule itself is the upsert of modules/public/pin-lockouts.ts). Three counters per user number: one per
 * loan (`scope` = 'loan:<id>', the pair lock), one per client address ('ip:<address>') and the burst
 * count of every address and loan together ('*', reported, never locked). Kept in the database so a
 * lock holds across server processes. Only attempts on a looked-up loan with the number of its agent or
 * of an administrator are counted.
 */
export const pinLockouts = pgTable(
  'pin_lockouts',
  {
    userNum: integer('user_num').notNull(),
    scope: text('scope').notNull(),
    /** Failures counted since `windowStartedAt`. */
    failedCount: integer('failed_count').notNull().default(0),
    /** The first failure of the counting window; failures after the window start a new count. */
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userNum, table.scope] })],
);

export type PinLockoutRow = typeof pinLockouts.$inferSelect;
