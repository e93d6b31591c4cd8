import { ACCRUED_FEE_STATUS, OPEN_STATUSES, PAYABLE_INSTALLMENT_STATUSES } from '@prestaya/domain';
import { and, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { uuidArray } from '../db/arrays.ts';
import type { AppDb } from '../db/client.ts';
import { sqlLiterals } from '../db/literals.ts';
import { rowsOf } from '../db/rows.ts';
import { loans } from '../db/schema/loans.ts';
import { lockLoans, recomputeLockedLoans } from '../modules/loans/balance.ts';
import { batchCandidates, FALL_DUE } from './accrual-work.ts';

/**
 * Fee ids, UUIDv7 (RFC 9562 §6.2, method 1: a counter in the random bits): the statement's clock in
 * milliseconds, 40 random bits drawn once per statement, then a 32-bit counter in (installment, day)
 * order, so ids sort as the fees do. One strong random draw per statement, not one per row: with
 * gen_random_uuid() per fee the random draws dominate a first run over many loans (docs/performance-history.md "Late-fee accrual").
 */
const FEE_ID_SEED =
  sql.raw(`select lpad(to_hex(floor(extract(epoch from clock_timestamp()) * 1000)::bigint), 12, '0') as ms,
                 md5(gen_random_uuid()::text) as r`);
/** A fee's id from the seed `s` and the fee's place in (installment, day) order. */
const FEE_ID = sql.raw(
  `(s.ms || '7' || substr(s.r, 1, 3) || '8' || substr(s.r, 4, 7)
     || lpad(to_hex(row_number() over (order by sp_id, fee_date)), 8, '0'))::uuid`,
);

/** What one batch did; `lastLoanId` is the keyset the next batch starts after (null: nothing was left). */
export interface BatchResult {
  /** Loans examined (the keyset's step), and those locked because they may have had work. */
  loans: number;
  locked: number;
  feesCreated: number;
  installmentsDelayed: number;
  loansUpdated: number;
  lastLoanId: string | null;
}

export interface BatchOptions {
  throughDate: string;
  timeZone: string;
  /** Loans past this id (in id order): the keyset of the batches before. */
  afterLoanId: string | null;
  /** The last loan id of the run's range this batch belongs to (null: to the end). */
  untilLoanId: string | null;
  /** At most this many loans are examined; those that may have work among them are locked. */
  size: number;
  onStep?: (step: AccrualStep) => void | Promise<void>;
}

export type AccrualStep = 'locked' | 'fees inserted' | 'installments delayed' | 'loans recomputed';

/**
 * One batch of the accrual (jobs/accrual.ts), in its own transaction:
 *
 * 1. Take the next `size` ACTIVE/DELAYED loans after `afterLoanId` with an owed installment past due
 *    (accrual-work.ts), and lock (FOR NO KEY UPDATE, id order — loans/balance.ts lockLoans) those of
 *    them that may have work: payments and fee cancellations of those loans wait for the batch, and
 *    the batch waits for theirs. Everything below reads and writes only the locked loans.
 * 2. Installments PENDING and past due (due_date < throughDate) become DELAYED.
 * 3. The fees (generate_series over the days; no loop in JS): for each installment PENDING or
 *    DELAYED (never VALIDATING or PAID) of those loans, one fee per calendar day d with
 *      due_date < d ≤ throughDate, d ≥ the day the loan was registered (created_on in TZ_BUSINESS),
 *      no fee already dated d for it (a CANCELLED fee counts: it was forgiven, not replaced), and
 *      not a day the installment spent in validation (a payment holding it was collected before d —
 *      its collected_at, which a collection sent later from a phone without signal sets to when the
 *      cash was taken — and not yet decided at the start of d),
 *    of the loan's daily fee, concept 'Multa por atraso · Pago k', in date order until ALL the fees of
 *    the installment (cancelled ones too) reach the loan's weekly fee, the last one trimmed to the cap.
 *    Missed days are caught up. They are computed once, into a temporary table, and summed per loan;
 * 4. the locked loans this batch changes, or not yet DELAYED, are recomputed (loans/balance.ts) as of
 *    `throughDate` with those fees counted: balances, DELAYED, and the pending fees' count, each
 *    loan written once;
 * 5. the fees are inserted from that table, one INSERT … SELECT. No ON CONFLICT (a costly per-row
 *    check at this volume): only this job inserts fees, one run at a time (the run's lock), and the
 *    days that have one are skipped; the unique (scheduled_payment_id, fee_date) key still refuses a
 *    duplicate, failing the batch whole.
 *
 * Everything a batch writes is decided from what is committed when it holds its loans' locks, so a
 * batch is idempotent on its own: a rerun of it creates nothing and changes nothing.
 */
export async function accrueBatch(db: AppDb, options: BatchOptions): Promise<BatchResult> {
  const { throughDate, timeZone, afterLoanId, untilLoanId, size, onStep } = options;
  return db.transaction(async (tx) => {
    // The planner guesses 1,000 rows per generate_series call, so the fee INSERT looks like millions of
    // rows and PostgreSQL's JIT compiles it: ~4 s of compilation for a few thousand real rows
    // (bench/accrual.ts). The statements here are simple; interpreting them is always faster.
    // Sorts and hashes of a large batch stay in memory.
    // Commit without waiting for the WAL flush: a crash in that instant loses the batch, never part
    // of it, and the next run catches the days up (docs/performance-history.md "Late-fee accrual");
    // anything that depends on its fees commits synchronously, which flushes this commit first.
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('work_mem', '64MB', true),
                                set_config('synchronous_commit', 'off', true)`);

    const through = sql`${throughDate}::date`;
    // Keyset over the primary key: each batch reads on from where the one before stopped, never the
    // loans before it again. Only the loans that may have work are locked (a rerun locks none).
    const { examined, withWork } = await batchCandidates(tx, {
      throughDate,
      timeZone,
      afterLoanId,
      untilLoanId,
      size,
    });
    const lastLoanId = examined.at(-1) ?? null;
    const locked = await lockLoans(
      tx,
      withWork,
      and(inArray(loans.status, [...OPEN_STATUSES]), lt(loans.oldestUnpaidDueDate, throughDate)),
    );
    await onStep?.('locked');
    const none = {
      loans: examined.length,
      locked: 0,
      feesCreated: 0,
      installmentsDelayed: 0,
      loansUpdated: 0,
    };
    if (locked.length === 0) return { ...none, lastLoanId };
    // The installments below are read through the locked loans (scheduled_payments' loan key), not an
    // index on their status: with status in no index, turning them DELAYED is a HOT update (no index
    // writes; docs/performance-history.md "Late-fee accrual").
    const lockedIds = sql`${uuidArray(locked.map((loan) => loan.id))}::uuid[]`;

    const [delayed] = rowsOf<{ n: number; loan_ids: string[] }>(
      await tx.execute(sql`
        -- The locked loans are ACTIVE or DELAYED (their lock says so, and holds them so): no join to
        -- loans. Joined, the planner hashed the batch's loans against every installment of the
        -- portfolio, one full scan per batch; this reads the batch's installments by their loan key.
        with delayed as (
          update scheduled_payments sp set status = ${sqlLiterals([FALL_DUE.to])}
           where sp.loan_id = any(${lockedIds})
             and sp.status in (${sqlLiterals(FALL_DUE.from)}) and sp.due_date < ${through}
          returning sp.loan_id
        )
        select count(*)::int as n, coalesce(array_agg(distinct loan_id::text), '{}') as loan_ids
          from delayed`),
    );
    await onStep?.('installments delayed');

    // The fees this batch will insert, computed once into the session's own temporary table (no WAL,
    // emptied at each commit) and summed per loan, so that each loan is written once (below, with
    // them counted) rather than once by the fees' trigger and again by the recomputation.
    await tx.execute(sql.raw(FEE_DAYS_TABLE));
    const planned = new Map<string, { count: number; amountCents: number }>();
    for (const row of rowsOf<{ loan_id: string; n: number; cents: string }>(
      await tx.execute(sql`
        with ${feeDaysOf(lockedIds, through, timeZone)},
        kept as (
          insert into accrual_fee_days (loan_id, sp_id, payment_number, fee_date, amount)
          select loan_id, sp_id, payment_number, fee_date, amount from sized where amount > 0
          returning loan_id, amount
        )
        select loan_id::text, count(*)::int as n, sum(amount)::text as cents from kept group by loan_id`),
    ))
      planned.set(row.loan_id, { count: row.n, amountCents: Number(row.cents) });

    // Every locked loan has an unpaid installment past due, so its standing says DELAYED. A loan
    // already DELAYED that gets no fee and no installment DELAYED here cannot change (same inputs,
    // and overdue stays overdue as days pass): only the others are recomputed. A rerun of the same
    // day therefore recomputes nothing.
    const touched = new Set([...planned.keys(), ...(delayed?.loan_ids ?? [])]);
    const loansUpdated = await recomputeLockedLoans(
      tx,
      locked.filter((loan) => loan.status !== 'DELAYED' || touched.has(loan.id)),
      { today: throughDate, actorId: null, reason: 'fees_accrued', addedFees: planned },
    );
    await onStep?.('loans recomputed');

    const [inserted] = rowsOf<{ n: number }>(
      await tx.execute(sql`
        with id_seed as (${FEE_ID_SEED}),
        inserted as (
          insert into fees (id, loan_id, scheduled_payment_id, fee_date, concept, amount_cents, status)
          select ${FEE_ID}, loan_id, sp_id, fee_date,
                 'Multa por atraso · Pago ' || payment_number, amount, ${sqlLiterals([ACCRUED_FEE_STATUS])}
            from accrual_fee_days cross join id_seed s
           order by sp_id, fee_date
          returning 1
        )
        select count(*)::int as n from inserted`),
    );
    await onStep?.('fees inserted');
    return {
      loans: examined.length,
      locked: locked.length,
      feesCreated: inserted?.n ?? 0,
      installmentsDelayed: delayed?.n ?? 0,
      loansUpdated,
      lastLoanId,
    };
  });
}

/**
 * The fees a batch will insert, between its plan and its INSERT: a temporary table (the session's
 * own: the run holds one connection), created by the session's first batch, emptied at each commit.
 */
const FEE_DAYS_TABLE = `
  do $$ begin
    if to_regclass('pg_temp.accrual_fee_days') is null then
      create temp table accrual_fee_days (
        loan_id uuid not null, sp_id uuid not null, payment_number integer not null,
        fee_date date not null, amount bigint not null
      ) on commit delete rows;
    end if;
  end $$`;

/**
 * The fees the batch's locked loans are due (step 3 of accrueBatch), as the CTEs up to `sized`: one
 * row per installment and day with its `amount` (rows with amount 0 are past the cap).
 */
const feeDaysOf = (lockedIds: SQL, through: SQL, timeZone: string) => sql`
        -- MATERIALIZED: computed once (each installment's accrued sum once, not once per generated day);
        -- inlined, the sum would be recomputed for every generated day.
        -- The same index probe brings the days that already have a fee: checking a generated day against
        -- them costs nothing, where an anti-join against fees hashed the whole table (every fee ever).
        candidates as materialized (
          select sp.id as sp_id, sp.loan_id, sp.payment_number,
                 l.daily_fee_cents as daily, l.weekly_fee_cents as cap,
                 greatest(sp.due_date + 1, (l.created_on at time zone ${timeZone})::date) as first_day,
                 f.accrued, f.fee_dates
            from loans l
            join scheduled_payments sp on sp.loan_id = l.id
            cross join lateral (
              select coalesce(sum(amount_cents), 0)::bigint as accrued,
                     coalesce(array_agg(fee_date), '{}') as fee_dates
                from fees where scheduled_payment_id = sp.id) f
           where l.id = any(${lockedIds}) and l.status in (${sqlLiterals(OPEN_STATUSES)})
             -- The installments by their own loan key too: with the loans' key alone the planner hashed
             -- the batch's loans against a full scan of scheduled_payments, once per batch.
             and sp.loan_id = any(${lockedIds})
             and sp.status in (${sqlLiterals(PAYABLE_INSTALLMENT_STATUSES)})
             and sp.due_date < ${through}
        ),
        -- The days each candidate spent in validation: payments holding it (collected, not yet decided),
        -- from the candidates' own payment items (an index probe each, not every payment item). An
        -- abono's line that left part of it to pay holds only that part: fees accrue while any remains.
        -- OFFSET 0 keeps the probes: flattened into a join, it hashed every payment item (~1 s).
        holds as materialized (
          select c.sp_id, h.held_from, h.held_until
            from candidates c
            cross join lateral (
              select (p.collected_at at time zone ${timeZone})::date as held_from,
                     (p.decided_on at time zone ${timeZone})::date as held_until
                from payment_items pi
                join payments p on p.id = pi.payment_id
               where pi.scheduled_payment_id = c.sp_id and coalesce(pi.remaining_after_cents, 0) = 0
              offset 0) h
        ),
        days as (
          select c.sp_id, c.loan_id, c.payment_number, c.daily, c.cap, c.accrued, d::date as fee_date,
                 row_number() over (partition by c.sp_id order by d) as k
            from candidates c
            cross join lateral generate_series(c.first_day::timestamp, ${through}::timestamp, interval '1 day') as d
           where c.accrued < c.cap
             and d::date <> all(c.fee_dates)
             and not exists (
               select 1 from holds h
                where h.sp_id = c.sp_id and h.held_from < d::date
                  and (h.held_until is null or h.held_until >= d::date))
        ),
        sized as (
          select *, least(daily, cap - accrued - daily * (k - 1)) as amount from days
        )`;
