import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong-PIN counters of the public payment authorisation (@prestaya/domain pin-lockout.ts has the limits; the
 * rule itself is the upsert of modules/public/pin-lockouts.ts). Two counters per typed user number:
 * one per client address (`scope` = the address) and one for every address together (`scope` = '*').
 * Kept in the database so a lock holds across server processes. Keyed by the typed number: it need not
 * exist, so a guessed number is locked just the same.
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
