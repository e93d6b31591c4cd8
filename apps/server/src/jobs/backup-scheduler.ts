import type { BackupSummary } from '@prestaya/contracts';
import { nextDailyRun } from '@prestaya/domain';
import { type BackupTarget, backupsDirOf, pruneAutomaticBackups, saveBackup } from '../backup/store.ts';
import type { Database } from '../db/client.ts';
import { ADVISORY_LOCKS } from '../db/locks.ts';
import type { SchedulerLog } from './scheduler.ts';

/** The daily backup: 02:30 on the business clock, when nobody is at work and after the 00:05 accrual. */
export const BACKUP_HOUR = 2;
export const BACKUP_MINUTE = 30;

export type DailyBackupResult =
  | { status: 'done'; backup: BackupSummary; pruned: string[] }
  | { status: 'skipped' };

/**
 * Several servers on one PostgreSQL all wake at 02:30: a session advisory lock, held on one pooled
 * connection for the whole backup, lets the first one make it and the others skip. PGlite has one
 * process per directory, so no lock is needed (and its single session could not hold one apart).
 */
async function withDailyLock<T>(database: Database, work: () => Promise<T>): Promise<T | undefined> {
  if (database.kind === 'pglite') return work();
  const connection = await database.client.connect();
  try {
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [ADVISORY_LOCKS.dailyBackup],
    );
    if (!rows[0]?.locked) return undefined;
    try {
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.dailyBackup]);
    }
  } finally {
    connection.release();
  }
}

/** One automatic backup into DATA_DIR/backups, then only the newest 14 automatic ones are kept. */
export async function runDailyBackup(target: BackupTarget, now: () => Date): Promise<DailyBackupResult> {
  const done = await withDailyLock(target.database, async () => {
    const backup = await saveBackup(target, 'auto', now);
    return { backup, pruned: await pruneAutomaticBackups(backupsDirOf(target.dataDir)) };
  });
  return done ? { status: 'done', ...done } : { status: 'skipped' };
}

export interface BackupScheduler {
  /** Cancels the next run and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs the daily backup every day at 02:30 business time (not at start-up: a restart must not cost a
 * dump). The delay is recomputed after each run, as the accrual's scheduler does; the timer is
 * unref'd; a failed run is logged and the next day's still happens.
 */
export function startBackupScheduler(options: {
  target: BackupTarget;
  timeZone: string;
  log: SchedulerLog;
  now?: () => Date;
}): BackupScheduler {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();

  const runOnce = async () => {
    try {
      const result = await runDailyBackup(options.target, now);
      options.log.info(
        result.status === 'done' ? { name: result.backup.name, pruned: result.pruned } : result,
        'daily backup finished',
      );
    } catch (error) {
      options.log.error({ err: error }, 'daily backup failed');
    }
  };
  const wait = () => {
    if (stopped) return;
    const at = nextDailyRun(now(), options.timeZone, BACKUP_HOUR, BACKUP_MINUTE);
    timer = setTimeout(
      () => {
        running = runOnce().then(wait);
      },
      Math.max(0, at.getTime() - now().getTime()),
    );
    timer.unref();
  };
  wait();

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
