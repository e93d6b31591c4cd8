import type { CollectionTab } from '@prestaya/contracts';
import {
  businessDayBounds,
  COLLECTED_PAYMENT_STATUSES,
  endOfWeek,
  OPEN_STATUSES,
  PAYABLE_FEE_STATUSES,
  PAYABLE_INSTALLMENT_STATUSES,
  PROMISE_OUTCOME,
} from '@prestaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import { sqlLiterals } from '../../db/literals.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, payments } from '../../db/schema/payments.ts';
import { visits } from '../../db/schema/visits.ts';

/**
 * What 'Cobranza' reads (statement.ts): the open loans in scope with, per loan, the figures the tabs
 * are decided on. The payment form's rule (payments/pending.ts, pendingPayments):
 * installments PENDING or DELAYED are payable (one in a payment 'En validación' is not), and every
 * PENDING fee is due now.
 */

/** The business day a request is answered for (the business clock's today). */
export interface CollectionDay {
  today: string;
  /** The business week's Sunday: the horizon of 'Esta semana'. */
  weekEnd: string;
  /** Where today starts and tomorrow starts on the business clock: "registered today". */
  start: Date;
  end: Date;
}

export function collectionDay(today: string, timeZone: string): CollectionDay {
  return { today, weekEnd: endOfWeek(today), ...businessDayBounds(today, timeZone) };
}

export const PAYABLE_INSTALLMENT_SQL = sqlLiterals(PAYABLE_INSTALLMENT_STATUSES);
export const PAYABLE_FEE_SQL = sqlLiterals(PAYABLE_FEE_STATUSES);
const COLLECTED_PAYMENT_SQL = sqlLiterals(COLLECTED_PAYMENT_STATUSES);

/** The last due date a tab collects: today, or the week's Sunday for 'Esta semana'. */
export const horizonOf = (tab: CollectionTab, day: CollectionDay) =>
  tab === 'week' ? day.weekEnd : day.today;

/**
 * Whether a loan of `dueLoans` belongs to a tab: a pending fee is due now (so it is in every tab),
 * otherwise its oldest payable installment is due on or before the tab's day ('Atrasados': before
 * today); 'Hoy' also holds a loan whose standing promise of payment is for today, due or not. Reads
 * the columns of `dueLoans` under the alias `d`.
 */
export function inTab(tab: CollectionTab, day: CollectionDay): SQL {
  const oldest =
    tab === 'overdue'
      ? sql`d.oldest_due < ${day.today}::date`
      : sql`d.oldest_due <= ${horizonOf(tab, day)}::date`;
  return tab === 'today'
    ? sql`(d.fee_count > 0 or ${oldest} or d.promise_today)`
    : sql`(d.fee_count > 0 or ${oldest})`;
}

export const PROMISE_SQL = sqlLiterals([PROMISE_OUTCOME]);

/**
 * The promises made for `today`, the latest per loan, off the partial visits_promise_day_idx: a few
 * rows a day whatever the history. Joined to the scope's loans by hash (its estimate is the day's
 * count; filtering on "is the loan's latest promise" here made PostgreSQL expect one row and rescan
 * the day's 373 promises once per open loan: 430 ms for 'Todos' on 10,000 customers).
 */
function promisesForToday(today: string): SQL {
  return sql`select distinct on (pv.loan_id) pv.loan_id, pv.id, pv.visited_at from ${visits} pv
     where pv.outcome = ${PROMISE_SQL} and pv.promised_date = ${today}::date
     order by pv.loan_id, pv.visited_at desc, pv.id desc`;
}

/**
 * Whether the joined promise `p` still stands: no later promise of its loan (a new promise for
 * another day replaces it). Probed through visits_loan_idx only for the loans with a promise for
 * today (CASE keeps the probe from running for the others).
 */
const PROMISE_STANDS = sql`case when p.loan_id is null then false else not exists (
    select 1 from ${visits} later
     where later.loan_id = p.loan_id and later.outcome = ${PROMISE_SQL}
       and (later.visited_at, later.id) > (p.visited_at, p.id)) end`;

export interface DueLoansOptions {
  /** The customers condition (an agent's own, an administrator's chosen agent); undefined = everyone. */
  scope: SQL | undefined;
  /** A condition on loans and customers (the search), computed as the boolean column `matches`. */
  matches: SQL | undefined;
  day: CollectionDay;
}

/**
 * SELECT of the open loans in scope that may be in a tab, one row per loan: loan and customer columns,
 * and
 * - `oldest_due`: the oldest payable installment's due date (null when none is left),
 * - `due_today_cents`: the payable installments due on or before today,
 * - `fee_count`, `fee_cents`: the PENDING fees,
 * - `promise_today`: its standing promise of payment is for today.
 *
 * The oldest payable due date and the count of pending fees are the loan's own columns, kept by the
 * triggers on scheduled_payments and fees (migration collection_due_figures), so only the loans with a
 * pending fee, something payable by the week's Sunday or a promise for today are read at all (the
 * others are in no tab), and only those due by today (or with a pending fee) have their installments
 * (or fees) summed, through the loan's indexes. An agent's scope starts from their customers
 * (customers_agent_idx, then the partial loans_open_customer_idx), the whole business from the partial
 * indexes on those columns, so neither reads every open loan's installments and fees.
 */
/** What remains to pay of an installment or fee once abonos paid or hold part of it (abono.ts). */
const remaining = (t: typeof scheduledPayments | typeof fees) =>
  sql`(${t.amountCents} - ${t.paidCents} - ${t.heldCents})`;

export function dueLoans({ scope, matches, day }: DueLoansOptions): SQL {
  const open = sql`${loans.status} in (${sqlLiterals(OPEN_STATUSES)})`;
  const dueByWeekEnd = sql`${loans.oldestPayableDueDate} <= ${day.weekEnd}::date`;
  const feePending = sql`${loans.pendingFees} > 0`;
  // The whole business: the open loans off the two partial indexes, and those with a promise today.
  const candidates =
    scope === undefined
      ? sql`and ${loans.id} in (
          select ${loans.id} from ${loans} where ${open} and ${dueByWeekEnd}
          union select ${loans.id} from ${loans} where ${open} and ${feePending}
          union select loan_id from (${promisesForToday(day.today)}) today_promise)`
      : sql``;
  return sql`
    select ${loans.id} as loan_id, ${loans.num} as loan_num, ${loans.status} as loan_status,
           ${loans.currentBalanceCents} as balance_cents, ${loans.restructureCount} as restructure_count,
           ${customers.id} as customer_id, ${customers.num} as customer_num, ${customers.name} as name,
           ${customers.lastName} as last_name, ${customers.secondLastName} as second_last_name,
           ${customers.phone} as phone, ${customers.agentId} as agent_id,
           ${loans.oldestPayableDueDate} as oldest_due, coalesce(i.due_today_cents, 0) as due_today_cents,
           ${loans.pendingFees} as fee_count, coalesce(f.fee_cents, 0) as fee_cents,
           ${PROMISE_STANDS} as promise_today,
           ${matches ?? sql`true`} as matches
      from ${loans}
      join ${customers} on ${customers.id} = ${loans.customerId}
      left join lateral (
        select sum(${remaining(scheduledPayments)}) as due_today_cents from ${scheduledPayments}
         where ${scheduledPayments.loanId} = ${loans.id}
           and ${scheduledPayments.status} in (${PAYABLE_INSTALLMENT_SQL})
           and ${scheduledPayments.dueDate} <= ${day.today}::date
           and ${loans.oldestPayableDueDate} <= ${day.today}::date) i on true
      left join lateral (
        select sum(${remaining(fees)}) as fee_cents from ${fees}
         where ${fees.loanId} = ${loans.id} and ${fees.status} in (${PAYABLE_FEE_SQL})
           and ${feePending}) f on true
      left join (${promisesForToday(day.today)}) p on p.loan_id = ${loans.id}
     where ${open} and ${scope ?? sql`true`}
       and (${feePending} or ${dueByWeekEnd} or p.loan_id is not null) ${candidates}`;
}

/** Payments registered today (business day) and not rejected or cancelled: the cash an agent took. */
export function collectedToday(day: CollectionDay): SQL {
  return sql`${payments.status} in (${COLLECTED_PAYMENT_SQL})
    and ${payments.createdOn} >= ${day.start.toISOString()}::timestamptz
    and ${payments.createdOn} < ${day.end.toISOString()}::timestamptz`;
}
