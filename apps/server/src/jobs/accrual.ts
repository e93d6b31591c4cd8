import { OPEN_STATUSES } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import {
  ACCRUAL_CONNECTIONS_DEFAULT,
  ACCRUAL_MAX_CONNECTIONS,
  ACCRUAL_PAUSE_PERCENT_DEFAULT,
} from '../config.ts';
import type { AppDb } from '../db/client.ts';
import { sqlLiterals } from '../db/literals.ts';
import { ADVISORY_LOCKS } from '../db/locks.ts';
import { isDeadlock } from '../db/pg-errors.ts';
import { rowsOf } from '../db/rows.ts';
import * as schema from '../db/schema/index.ts';
import { type AccrualStep, accrueBatch, type BatchResult } from './accrual-batch.ts';

export type { AccrualStep, BatchResult } from './accrual-batch.ts';

/** Key of the accrual's PostgreSQL advisory lock (db/locks.ts keeps every key). */
export const ACCRUAL_LOCK_KEY = ADVISORY_LOCKS.feeAccrual;

/**
 * Loans examined per transaction (those with work among them are locked). At 20 % overdue a first
 * run's batch of 2,000 writes ~37,000 fees and at most a few hundred MB of WAL, and holds its loans
 * for its few seconds only, whatever the portfolio's size (docs/performance-history.md "Late-fee
 * accrual at 1,000,000 loans").
 */
export const ACCRUAL_BATCH_LOANS = 2_000;

/**
 * After each batch that wrote, the run waits this percentage of the batch's own duration before the
 * next one (ACCRUAL_PAUSE_PERCENT in the environment): a batch's backend takes a whole core while it
 * runs, and on a two-core server the screens answering meanwhile (Cobranza reads the loans it
 * writes) slowed ×4–6 without a gap (docs/performance-history.md "Late-fee accrual, S18").
 */
export const ACCRUAL_PAUSE_PERCENT = ACCRUAL_PAUSE_PERCENT_DEFAULT;

/** Connections a run uses on PostgreSQL (ACCRUAL_CONNECTIONS in the environment; PGlite: one). */
export const ACCRUAL_CONNECTIONS = ACCRUAL_CONNECTIONS_DEFAULT;
/**
 * Ranges per connection: with several, a connection whose ranges held less work takes more of
 * them, and none waits idle while another still has most of its share to do.
 */
const RANGES_PER_CONNECTION = 4;
/** Tries of a batch that PostgreSQL failed to break a deadlock (a customer's loans in two batches). */
const BATCH_ATTEMPTS = 3;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface AccrualOptions {
  /** Fees are brought up to this business day, inclusive ('YYYY-MM-DD'). */
  throughDate: string;
  /** TZ_BUSINESS: the loan's registration day is its created_on in this zone. */
  timeZone: string;
  /** Called inside each batch's transaction as each step ends (bench/accrual.ts times and measures them). */
  onStep?: (step: AccrualStep) => void | Promise<void>;
  /** Called after each batch has committed (bench/accrual.ts; tests throw here to stop a run midway). */
  onBatch?: (batch: BatchResult) => void | Promise<void>;
  /** Loans per batch; ACCRUAL_BATCH_LOANS unless a test or the bench asks for another size. */
  batchLoans?: number;
  /** The pause after a batch that wrote, in percent of its duration (ACCRUAL_PAUSE_PERCENT unless given; 0: none). */
  pausePercent?: number;
  /** Connections working side by side on PostgreSQL (ACCRUAL_CONNECTIONS unless given; PGlite: one). */
  connections?: number;
  /** How the run waits (tests record the pauses instead of waiting). */
  pause?: (ms: number) => Promise<void>;
}

export interface AccrualResult {
  /** 'skipped' when another server (or another run) holds the accrual lock right now. */
  status: 'done' | 'skipped';
  feesCreated: number;
  installmentsDelayed: number;
  loansUpdated: number;
}

/**
 * Runs `work` while this process holds the accrual's session advisory lock, on `connections`
 * dedicated connections of the pool (the first holds the lock) whose drizzle handles `work` receives:
 * the batches are transactions of their own, so the lock that keeps a second run (another server's)
 * out must outlive each of them. Undefined when another session holds it. PGlite has one process per
 * directory and one session, so there it runs on `db` itself, alone and unlocked (as the daily backup
 * does).
 */
async function withRunLock<T>(
  db: AppDb,
  connections: number,
  work: (runDbs: AppDb[]) => Promise<T>,
): Promise<T | undefined> {
  // drizzle keeps its driver's client on the handle; only a node-postgres pool has other sessions.
  const client = (db as unknown as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool)) return work([db]);
  const connection = await client.connect();
  const others: pg.PoolClient[] = [];
  try {
    const { rows } = await connection.query<{ locked: boolean }>(
      'select pg_try_advisory_lock($1) as locked',
      [ACCRUAL_LOCK_KEY],
    );
    if (!rows[0]?.locked) return undefined;
    try {
      while (others.length < connections - 1) others.push(await client.connect());
      return await work([connection, ...others].map((each) => drizzleNodePg({ client: each, schema })));
    } finally {
      for (const other of others) other.release();
      await connection.query('select pg_advisory_unlock($1)', [ACCRUAL_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

/** Loans after `afterLoanId` through `untilLoanId` in id order (null: from the start, to the end). */
export interface LoanRange {
  afterLoanId: string | null;
  untilLoanId: string | null;
}

/**
 * The open loans owing an installment due before `throughDate`, cut in id order into `parts` ranges
 * of as many loans each (fewer when there are fewer loans): the run's connections take them one at a
 * time. One range, the whole table, when there is one part.
 */
export async function loanRanges(db: AppDb, throughDate: string, parts: number): Promise<LoanRange[]> {
  if (parts <= 1) return [{ afterLoanId: null, untilLoanId: null }];
  const lasts = rowsOf<{ last: string }>(
    await db.execute(sql`
      select distinct on (part) id::text as last
        from (select id, ntile(${parts}::int) over (order by id) as part
                from loans
               where status in (${sqlLiterals(OPEN_STATUSES)}) and oldest_unpaid_due_date < ${throughDate}::date) s
       order by part, id desc`),
  ).map((row) => row.last);
  // The last range runs to the end: a loan opened past its last id while the run works is still one.
  return [null, ...lasts.slice(0, -1)].map((afterLoanId, index) => ({
    afterLoanId,
    untilLoanId: index < lasts.length - 1 ? (lasts[index] ?? null) : null,
  }));
}

/**
 * The daily late-fee accrual (docs/architecture.md "Loan policy"): every ACTIVE/DELAYED loan with an
 * owed installment past due gets its fees through `throughDate`, its PENDING installments past due
 * DELAYED and its balances and status recomputed — in batches of `batchLoans` loans in id order, each
 * its own transaction (jobs/accrual-batch.ts says what one does), so that no transaction's WAL, row
 * locks or duration grows with the portfolio; after a batch that wrote, a pause of `pausePercent` of
 * its duration gives the requests answering meanwhile their share of the cores.
 *
 * On PostgreSQL `connections` connections work side by side, each on ranges of loans of its own
 * (loanRanges; a connection done with its range takes the next one left). Their batches touch
 * disjoint loans; two batches that still meet (a customer's loans in two ranges) and that PostgreSQL
 * fails with a deadlock are run again, as each batch decides afresh from what is committed.
 *
 * One run at a time: a session advisory lock (ACCRUAL_LOCK_KEY) held for the whole run; a second
 * run while it is held returns 'skipped'. Every batch decides from what is committed while it holds
 * its loans, so the run is idempotent, and one stopped between batches (a crash, a restart, a batch
 * that failed: the other connections stop after their current one) leaves whole batches done and the
 * others untouched: the next run does the rest, counting each fee, installment and loan once. A rerun
 * through the same day creates nothing and changes nothing.
 */
export async function accrueFees(db: AppDb, options: AccrualOptions): Promise<AccrualResult> {
  const { throughDate, timeZone, onStep, onBatch } = options;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(throughDate)) throw new RangeError(`Fecha inválida: ${throughDate}`);
  const size = options.batchLoans ?? ACCRUAL_BATCH_LOANS;
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`Tamaño de lote inválido: ${size}`);
  const pausePercent = options.pausePercent ?? ACCRUAL_PAUSE_PERCENT;
  if (!Number.isFinite(pausePercent) || pausePercent < 0)
    throw new RangeError(`Pausa inválida: ${pausePercent}`);
  const connections = options.connections ?? ACCRUAL_CONNECTIONS;
  if (!Number.isInteger(connections) || connections < 1 || connections > ACCRUAL_MAX_CONNECTIONS)
    throw new RangeError(`Conexiones inválidas: ${connections}`);
  const pause = options.pause ?? sleep;
  const done = await withRunLock(db, connections, async (runDbs) => {
    const total = { feesCreated: 0, installmentsDelayed: 0, loansUpdated: 0 };
    const ranges = await loanRanges(
      runDbs[0] ?? db,
      throughDate,
      runDbs.length === 1 ? 1 : runDbs.length * RANGES_PER_CONNECTION,
    );
    let failure: { error: unknown } | undefined;

    const runRange = async (runDb: AppDb, range: LoanRange) => {
      let afterLoanId = range.afterLoanId;
      while (!failure) {
        const started = performance.now();
        const batch: BatchResult = await batchAgainOnDeadlock(() =>
          accrueBatch(runDb, {
            throughDate,
            timeZone,
            afterLoanId,
            untilLoanId: range.untilLoanId,
            size,
            onStep,
          }),
        );
        total.feesCreated += batch.feesCreated;
        total.installmentsDelayed += batch.installmentsDelayed;
        total.loansUpdated += batch.loansUpdated;
        if (batch.loans > 0) await onBatch?.(batch);
        if (batch.loans < size || batch.lastLoanId === null) return;
        // A batch that only read (a rerun's) goes straight on: the pause is for the writes' CPU and disk.
        if (batch.locked > 0 && pausePercent > 0)
          await pause(((performance.now() - started) * pausePercent) / 100);
        afterLoanId = batch.lastLoanId;
      }
    };
    await Promise.all(
      runDbs.map(async (runDb) => {
        try {
          for (let range = ranges.shift(); range && !failure; range = ranges.shift())
            await runRange(runDb, range);
        } catch (error) {
          failure ??= { error };
        }
      }),
    );
    if (failure) throw failure.error;
    return total;
  });
  return done
    ? { status: 'done', ...done }
    : { status: 'skipped', feesCreated: 0, installmentsDelayed: 0, loansUpdated: 0 };
}

/** A batch PostgreSQL failed to break a deadlock wrote nothing: it is run again, a few times at most. */
export async function batchAgainOnDeadlock(batch: () => Promise<BatchResult>): Promise<BatchResult> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await batch();
    } catch (error) {
      if (attempt >= BATCH_ATTEMPTS || !isDeadlock(error)) throw error;
    }
  }
}
