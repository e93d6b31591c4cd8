import {
  type LoanRiskRow,
  loanRiskRow,
  OPEN_STATUSES,
  type OpenLoanStatus,
  OWED_INSTALLMENT_STATUSES,
} from '@prestaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { sqlLiterals } from '../../db/literals.ts';
import { rowsOf } from '../../db/rows.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { paymentItems, payments } from '../../db/schema/payments.ts';
import { visibleCustomers } from '../customers/access.ts';

/**
 * The report figures computed from the rows themselves. An agent's reports run these (their scope is
 * their own customers: customers_agent_idx → loans_customer_idx → payments_loan_idx, so the cost is the
 * agent's portfolio, not the business's); for the whole business they are the reference the tallies
 * are checked against (test/reports/tally.test.ts, bench/generate/verify.ts), the administrators'
 * reports read the tallies (tallies.ts).
 */

/**
 * Whose figures: the customers the actor sees now (customers/access.ts visibleCustomers, THE access
 * rule): every customer for an administrator, an agent's own customers for an agent.
 */
export type ReportScope = CustomerActor;

/** The whole business, for the reference figures the tallies are checked against. */
export const WHOLE_BUSINESS: ReportScope = {
  id: '00000000-0000-0000-0000-000000000000',
  roles: ['ROLE_ADMIN'],
};

/** What the weekly payments report is made of, in centavos; `days` has only days with collections. */
export interface WeeklyFigures {
  days: { day: string; installmentsCents: number; feesCents: number; payments: number }[];
  validating: { count: number; amountCents: number };
  delivered: { count: number; amountCents: number };
}

/** The business days `from`..`to` (inclusive) of the zone `timeZone`. */
export interface ReportWindow {
  from: string;
  to: string;
  timeZone: string;
}

/** Sums of bigint columns arrive as numeric strings (or null over no rows). */
export const cents = (value: string | number | null | undefined): number =>
  value === null || value === undefined ? 0 : Number(value);

/** Where the window's first day starts, and where the day after its last starts (TZ_BUSINESS). */
export const windowStart = (w: ReportWindow) => sql`(${w.from}::date)::timestamp at time zone ${w.timeZone}`;
export const windowEnd = (w: ReportWindow) => sql`(${w.to}::date + 1)::timestamp at time zone ${w.timeZone}`;

/**
 * For an agent, `offset 0` keeps a LATERAL subquery from being merged into the outer query, so it runs
 * per row of the outer one through its index (the agent's customers → their loans → their payments):
 * without it PostgreSQL hash-joins the agent's thousand customers with every open loan of the business.
 * For the whole business the planner stays free to hash-join.
 */
const fenceFor = (scope: ReportScope): SQL => (seesAllCustomers(scope) ? sql`` : sql`offset 0`);

/**
 * The scope's customers and their loans (those matching `loanFilter`), FROM customers: an agent's are
 * found through customers_agent_idx, then loans_customer_idx.
 */
function scopedLoans(scope: ReportScope, loanFilter: SQL = sql`true`): SQL {
  return sql`${customers}
    cross join lateral (
      select * from ${loans} where ${loans.customerId} = ${customers.id} and ${loanFilter} ${fenceFor(scope)}
    ) ${loans}`;
}

/** Where the scope's customers are (customers/access.ts visibleCustomers). */
const inScope = (scope: ReportScope): SQL => visibleCustomers(scope) ?? sql`true`;

/** The payments matching `filter` of the scoped loans (payments_loan_idx for an agent). */
const paymentsOfLoans = (scope: ReportScope, filter: SQL): SQL => sql`
    cross join lateral (
      select * from ${payments} where ${payments.loanId} = ${loans.id} and ${filter} ${fenceFor(scope)}
    ) ${payments}`;

/** Installments still owed (an item in validation is owed until confirmed). */
const UNPAID_INSTALLMENT = sql`${scheduledPayments.status} in (${sqlLiterals(OWED_INSTALLMENT_STATUSES)})`;

/**
 * Weekly figures from payments, items and loans:
 * - collections per business day: payments PAID collected (collected_at) on that day, split by their
 *   lines (an installment line or a fee line), and how many payments;
 * - validating: payments VALIDATING right now (not bound to the range);
 * - delivered: loans delivered in the range; the day is activatedOn in TZ_BUSINESS, except for a
 *   loanFromPast (registered later, no cash movement), delivered on its requestDate.
 */
export async function liveWeeklyFigures(
  db: DbOrTx,
  scope: ReportScope,
  window: ReportWindow,
): Promise<WeeklyFigures> {
  const tz = window.timeZone;
  const start = windowStart(window);
  const end = windowEnd(window);

  // Three independent reads, each from the scope's customers: on PostgreSQL they run side by side on
  // three pooled connections, so an agent's Dashboard waits for the longest, not for the sum.
  const [dailyResult, validatingResult, deliveredResult] = await Promise.all([
    db.execute(sql`
      select to_char(${payments.collectedAt} at time zone ${tz}, 'YYYY-MM-DD') as day,
             coalesce(sum(${paymentItems.amountCents}) filter (where ${paymentItems.scheduledPaymentId} is not null), 0) as installments,
             coalesce(sum(${paymentItems.amountCents}) filter (where ${paymentItems.feeId} is not null), 0) as fees,
             count(distinct ${payments.id})::int as payments
        from ${scopedLoans(scope)}
        ${paymentsOfLoans(scope, sql`${payments.status} = 'PAID' and ${payments.collectedAt} >= ${start} and ${payments.collectedAt} < ${end}`)}
        join ${paymentItems} on ${paymentItems.paymentId} = ${payments.id}
       where ${inScope(scope)}
       group by 1`),
    db.execute(sql`
      select count(*)::int as count, coalesce(sum(${payments.amountCents}), 0) as amount
        from ${scopedLoans(scope)}
        ${paymentsOfLoans(scope, sql`${payments.status} = 'VALIDATING'`)}
       where ${inScope(scope)}`),
    db.execute(sql`
      select count(*)::int as count, coalesce(sum(${loans.amountCents}), 0) as amount
        from ${scopedLoans(
          scope,
          sql`${loans.activatedOn} is not null
              and case when ${loans.loanFromPast}
                       then ${loans.requestDate} between ${window.from}::date and ${window.to}::date
                       else ${loans.activatedOn} >= ${start} and ${loans.activatedOn} < ${end}
                  end`,
        )}
       where ${inScope(scope)}`),
  ]);
  const dailyRows = rowsOf<{ day: string; installments: string; fees: string; payments: number }>(
    dailyResult,
  );
  const [validating] = rowsOf<{ count: number; amount: string }>(validatingResult);
  const [delivered] = rowsOf<{ count: number; amount: string }>(deliveredResult);

  return {
    days: dailyRows.map((row) => ({
      day: row.day,
      installmentsCents: cents(row.installments),
      feesCents: cents(row.fees),
      payments: row.payments,
    })),
    validating: { count: validating?.count ?? 0, amountCents: cents(validating?.amount) },
    delivered: { count: delivered?.count ?? 0, amountCents: cents(delivered?.amount) },
  };
}

/**
 * The facts outstanding principal is computed from (domain portfolio-risk.ts): for a restructured loan,
 * the principal outstanding when it was restructured, over its new installments, the last of which
 * carries the remainder; else the loan's amount over its term.
 */
const RISK_AMOUNT = sql`coalesce(${loans.restructuredPrincipalCents}, ${loans.amountCents})`;
const RISK_TERM = sql`coalesce(${loans.restructuredWeeks}, ${loans.termWeeks})`;
const RISK_LAST_NUMBER = sql`coalesce(${loans.restructuredLastNumber}, ${loans.termWeeks})`;
const RESTRUCTURED = sql`${loans.restructureCount} > 0`;

/**
 * Principal part of what confirmed payments paid of an unpaid installment, written out from the rows
 * (domain abonoPrincipalCents over installmentPrincipalCents): paid × principal of installment k ÷ its
 * amount, rounded down; principal k is ⌊amount ÷ term⌋ of the schedule, the last one the remainder.
 */
const INSTALLMENT_PRINCIPAL = sql`case when ${scheduledPayments.paymentNumber} = ${RISK_LAST_NUMBER}
  then ${RISK_AMOUNT} - (${RISK_AMOUNT} / ${RISK_TERM}) * (${RISK_TERM} - 1) else ${RISK_AMOUNT} / ${RISK_TERM} end`;
const ABONO_PRINCIPAL = sql`coalesce(sum(least(${scheduledPayments.paidCents}, ${scheduledPayments.amountCents})
  * ${INSTALLMENT_PRINCIPAL} / ${scheduledPayments.amountCents}), 0)::bigint`;

type RiskSqlRow = {
  status: OpenLoanStatus;
  amount_cents: string;
  term_weeks: number;
  unpaid: number;
  last_unpaid: boolean;
  abono_principal: string;
  oldest_overdue: string | null;
  loans: number;
  balance_cents: string;
  restructured: boolean;
};

export const toLoanRiskRow = (row: RiskSqlRow): LoanRiskRow =>
  loanRiskRow({
    status: row.status,
    amountCents: cents(row.amount_cents),
    termWeeks: row.term_weeks,
    unpaidInstallments: row.unpaid,
    lastInstallmentUnpaid: row.last_unpaid,
    abonoPrincipalCents: cents(row.abono_principal),
    oldestOverdueDueDate: row.oldest_overdue,
    loans: Number(row.loans),
    currentBalanceCents: cents(row.balance_cents),
    restructured: row.restructured,
  });

/**
 * The ACTIVE and DELAYED loans of the scope as LoanRiskRow (packages/domain/src/portfolio-risk.ts), from their
 * installments: per loan its unpaid installments, the highest unpaid number (the last one unpaid ⇔
 * it equals the term), the principal part of what was paid of them and its oldest unpaid due date before
 * `today`; identical loans grouped.
 */
export async function livePortfolioRows(
  db: DbOrTx,
  scope: ReportScope,
  today: string,
): Promise<LoanRiskRow[]> {
  const rows = rowsOf<RiskSqlRow>(
    await db.execute(sql`
      select ${loans.status} as status, ${RISK_AMOUNT} as amount_cents, ${RISK_TERM} as term_weeks,
             coalesce(u.unpaid, 0) as unpaid,
             coalesce(u.last_number = ${RISK_LAST_NUMBER}, false) as last_unpaid,
             coalesce(u.abono_principal, 0) as abono_principal,
             to_char(u.oldest_overdue, 'YYYY-MM-DD') as oldest_overdue,
             ${RESTRUCTURED} as restructured,
             count(*)::int as loans, sum(${loans.currentBalanceCents}) as balance_cents
        from ${scopedLoans(scope, sql`${loans.status} in (${sqlLiterals(OPEN_STATUSES)})`)}
        left join lateral (
          select count(*)::int as unpaid, max(${scheduledPayments.paymentNumber}) as last_number,
                 ${ABONO_PRINCIPAL} as abono_principal,
                 min(${scheduledPayments.dueDate}) filter (where ${scheduledPayments.dueDate} < ${today}::date) as oldest_overdue
            from ${scheduledPayments}
           where ${scheduledPayments.loanId} = ${loans.id} and ${UNPAID_INSTALLMENT}) u on true
       where ${inScope(scope)}
       group by 1, 2, 3, 4, 5, 6, 7, 8`),
  );
  return rows.map(toLoanRiskRow);
}

/**
 * An agent's ACTIVE and DELAYED loans as LoanRiskRow from the unpaid figures the triggers on
 * scheduled_payments keep on each loan (migration report_tallies): customers_agent_idx → the agent's
 * customers → loans_customer_idx → their loans, no installment read.
 */
export async function agentPortfolioRows(
  db: DbOrTx,
  agent: ReportScope,
  today: string,
): Promise<LoanRiskRow[]> {
  const rows = rowsOf<RiskSqlRow>(
    await db.execute(sql`
      select ${loans.status} as status, ${RISK_AMOUNT} as amount_cents, ${RISK_TERM} as term_weeks,
             ${loans.unpaidInstallments} as unpaid,
             coalesce(${loans.lastUnpaidNumber} = ${RISK_LAST_NUMBER}, false) as last_unpaid,
             ${loans.abonoPrincipalCents} as abono_principal,
             case when ${loans.oldestUnpaidDueDate} < ${today}::date
                  then to_char(${loans.oldestUnpaidDueDate}, 'YYYY-MM-DD') end as oldest_overdue,
             ${RESTRUCTURED} as restructured,
             count(*)::int as loans, sum(${loans.currentBalanceCents}) as balance_cents
        from ${scopedLoans(agent, sql`${loans.status} in (${sqlLiterals(OPEN_STATUSES)})`)}
       where ${inScope(agent)}
       group by 1, 2, 3, 4, 5, 6, 7, 8`),
  );
  return rows.map(toLoanRiskRow);
}
