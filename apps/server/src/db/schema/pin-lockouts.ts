import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Wrong-PIN counters of the public payment authorisation (domain.md "People and access"): 5 wrong PINs
 * lock that user number for 15 minutes. Kept in the database so the lock holds across server processes.
 * Keyed by the typed user number (it need not exist: a guessed number is locked just the same).
 */
export const pinLockouts = pgTable('pin_lockouts', {
  userNum: integer('user_num').primaryKey(),
  failedCount: integer('failed_count').notNull().default(0),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});

export type PinLockoutRow = typeof pinLockouts.$inferSelect;
