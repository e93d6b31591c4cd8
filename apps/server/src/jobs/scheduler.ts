import { businessDate, nextDailyRun } from '@prestaya/domain';
import type { AppDb } from '../db/client.ts';
import { compactLoanStatusTally } from '../modules/loans/status-tally.ts';
import { foldReportTallies } from '../modules/reports/fold.ts';
import { type AccrualResult, accrueFees } from './accrual.ts';

/** The daily run: 00:05 on the business clock (TZ_BUSINESS), just after the day has begun. */
export const ACCRUAL_HOUR = 0;
export const ACCRUAL_MINUTE = 5;

export interface SchedulerLog {
  info(object: object, message: string): void;
  error(object: object, message: string): void;
}

export interface AccrualScheduler {
  /** Cancels the next run and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
  /** The run started at start-up (tests await it). */
  readonly firstRun: Promise<AccrualResult | undefined>;
}

/** A run that did the work (not one skipped because another server held the lock). */
export interface AccrualRun {
  finishedAt: Date;
  durationMs: number;
  result: AccrualResult;
}

export interface SchedulerOptions {
  db: AppDb;
  timeZone: string;
  /** The accrual's pause after each batch that wrote (ACCRUAL_PAUSE_PERCENT; jobs/accrual.ts's default unless given). */
  pausePercent?: number;
  /** The accrual's connections on PostgreSQL (ACCRUAL_CONNECTIONS; jobs/accrual.ts's default unless given). */
  connections?: number;
  log: SchedulerLog;
  now?: () => Date;
  /** Told of every run that did the work: GET /metrics reports the last one. */
  onRun?: (run: AccrualRun) => void;
}

/**
 * Runs the daily job — the fee accrual, then the folds of the loan status tally and the report tallies
 * — at start-up (catching up days missed while no server ran) and then every day at 00:05 business
 * time. The delay to the next 00:05 is recomputed after every run (a fixed 24 h interval would drift across
 * daylight-saving changes and after a slow run). The timer is unref'd, so it never keeps the process
 * alive; a failed run is logged and the next day's run still happens. With several servers on one
 * PostgreSQL each schedules its own runs and the advisory lock lets one of them work.
 */
export function startAccrualScheduler(options: SchedulerOptions): AccrualScheduler {
  const now = options.now ?? (() => new Date());
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  let running: Promise<AccrualResult | undefined> = Promise.resolve(undefined);

  const run = (): Promise<AccrualResult | undefined> => {
    running = (async () => {
      const throughDate = businessDate(now(), options.timeZone);
      let result: AccrualResult | undefined;
      try {
        const started = performance.now();
        result = await accrueFees(options.db, {
          throughDate,
          timeZone: options.timeZone,
          pausePercent: options.pausePercent,
          connections: options.connections,
        });
        const durationMs = Math.round(performance.now() - started);
        options.log.info({ throughDate, durationMs, ...result }, 'fee accrual finished');
        if (result.status === 'done') options.onRun?.({ finishedAt: new Date(), durationMs, result });
      } catch (error) {
        options.log.error({ err: error, throughDate }, 'fee accrual failed');
      }
      // The loan status tally's rows of the day (the accrual's included) folded into one per status.
      try {
        options.log.info(
          { rowsFolded: await compactLoanStatusTally(options.db) },
          'loan status tally compacted',
        );
      } catch (error) {
        options.log.error({ err: error }, 'loan status tally compaction failed');
      }
      // The report tallies likewise (the Dashboard reads them): one row per key.
      try {
        options.log.info({ rowsFolded: await foldReportTallies(options.db) }, 'report tallies folded');
      } catch (error) {
        options.log.error({ err: error }, 'report tallies fold failed');
      }
      return result;
    })();
    return running;
  };

  const scheduleNext = () => {
    if (stopped) return;
    const at = nextDailyRun(now(), options.timeZone, ACCRUAL_HOUR, ACCRUAL_MINUTE);
    timer = setTimeout(
      () => {
        void run().then(scheduleNext);
      },
      Math.max(0, at.getTime() - now().getTime()),
    );
    timer.unref();
  };

  const firstRun = run();
  void firstRun.then(scheduleNext);

  return {
    firstRun,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
