/**
 * Keys of PostgreSQL advisory locks, in one place so two features never pick the same number.
 * Session locks (`pg_advisory_lock`) guard work spanning transactions; transaction locks
 * (`pg_advisory_xact_lock`) serialise a check-then-write inside one transaction.
 */
export const ADVISORY_LOCKS = {
  migrations: 7_100_001,
  firstAdmin: 7_100_002,
  activeAdmins: 7_100_003,
  /**
   * With a hash of a username as the second key (the two-key space never meets the one-key locks):
   * a creation checks the username is free before it takes a user number.
   */
  username: 7_100_004,
  /** With a hash of an agent's id and a business day: one close of that day at a time (cash-close/close.ts). */
  cashCount: 7_100_005,
  /** The daily fee accrual: one server at a time (jobs/accrual.ts). */
  feeAccrual: 7_100_101,
  /** The daily backup: one server makes it (jobs/backup-scheduler.ts). */
  dailyBackup: 7_100_102,
} as const;
