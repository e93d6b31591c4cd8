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
 * SELECT of the open loans in scope, one row per loan: loan and customer columns, and
 * - `oldest_due`: the oldest payable installment's due date (null when none is left),
 * - `due_today_cents`: the payable installments due on or before today,
 * - `fee_count`, `fee_cents`: the PENDING fees,
 * - `promise_today`: its standing promise of payment is for today.
 *
 * Plan per scope, as the portfolio report's: one agent's customers (customers_agent_idx) probe their
 * open loans (the partial loans_open_customer_idx), and those loans their own installments and fees
 * through the loan's indexes (LATERAL), so an agent's cost follows their portfolio, never the
 * business's list of open loans; the whole business aggregates the payable installments and pending
 * fees once, by loan.
 */
/** What remains to pay of an installment or fee once abonos paid or hold part of it (abono.ts). */
const remaining = (t: typeof scheduledPayments | typeof fees) =>
  sql`(${t.amountCents} - ${t.paidCents} - ${t.heldCents})`;

export function dueLoans({ scope, matches, day }: DueLoansOptions): SQL {
  const installmentFigures = sql`min(${scheduledPayments.dueDate}) as oldest_due,
    sum(${remaining(scheduledPayments)}) filter (where ${scheduledPayments.dueDate} <= ${day.today}::date) as due_today_cents`;
  const payableInstallment = sql`${scheduledPayments.status} in (${PAYABLE_INSTALLMENT_SQL})`;
  const feeFigures = sql`count(*)::int as fee_count, sum(${remaining(fees)}) as fee_cents`;
  const pendingFee = sql`${fees.status} in (${PAYABLE_FEE_SQL})`;
  const perLoan =
    scope === undefined
      ? sql`left join (
          select ${scheduledPayments.loanId} as loan_id, ${installmentFigures}
            from ${scheduledPayments} where ${payableInstallment} group by 1) i on i.loan_id = ${loans.id}
        left join (
          select ${fees.loanId} as loan_id, ${feeFigures}
            from ${fees} where ${pendingFee} group by 1) f on f.loan_id = ${loans.id}`
      : sql`left join lateral (
          select ${installmentFigures} from ${scheduledPayments}
           where ${scheduledPayments.loanId} = ${loans.id} and ${payableInstallment}) i on true
        left join lateral (
          select ${feeFigures} from ${fees}
           where ${fees.loanId} = ${loans.id} and ${pendingFee}) f on true`;
  return sql`
    select ${loans.id} as loan_id, ${loans.num} as loan_num, ${loans.status} as loan_status,
           ${loans.currentBalanceCents} as balance_cents, ${loans.restructureCount} as restructure_count,
           ${customers.id} as customer_id, ${customers.num} as customer_num, ${customers.name} as name,
           ${customers.lastName} as last_name, ${customers.secondLastName} as second_last_name,
           ${customers.phone} as phone, ${customers.agentId} as agent_id,
           i.oldest_due, coalesce(i.due_today_cents, 0) as due_today_cents,
           coalesce(f.fee_count, 0) as fee_count, coalesce(f.fee_cents, 0) as fee_cents,
           ${PROMISE_STANDS} as promise_today,
           ${matches ?? sql`true`} as matches
      from ${loans}
      join ${customers} on ${customers.id} = ${loans.customerId}
      ${perLoan}
      left join (${promisesForToday(day.today)}) p on p.loan_id = ${loans.id}
     where ${loans.status} in (${sqlLiterals(OPEN_STATUSES)}) and ${scope ?? sql`true`}`;
}

/** Payments registered today (business day) and not rejected or cancelled: the cash an agent took. */
export function collectedToday(day: CollectionDay): SQL {
  return sql`${payments.status} in (${COLLECTED_PAYMENT_SQL})
    and ${payments.createdOn} >= ${day.start.toISOString()}::timestamptz
    and ${payments.createdOn} < ${day.end.toISOString()}::timestamptz`;
}
