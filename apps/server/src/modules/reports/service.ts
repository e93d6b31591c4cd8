import {
  centsToPesos,
  MAX_REPORT_RANGE_DAYS,
  type PortfolioReport,
  type ReportRangeQuery,
  type WeeklyPaymentsReport,
} from '@prestaya/contracts';
import type { OpenLoanStatus } from '@prestaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { OPEN_LOAN_STATUSES_SQL } from '../../db/loan-statuses.ts';
import { rowsOf } from '../../db/rows.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { paymentItems, payments } from '../../db/schema/payments.ts';
import { eachDay } from '../../domain/calendar.ts';
import { type CustomerActor, seesAllCustomers } from '../../domain/customers.ts';
import { type LoanRiskRow, portfolioRisk } from '../../domain/portfolio-risk.ts';
import { visibleCustomers } from '../customers/access.ts';

/**
 * Report figures (weekly payments, portfolio). SQL only gathers rows, set-based (no per-loan round trip);
 * the portfolio arithmetic lives in domain/portfolio-risk.ts. Money stays in integer centavos until
 * the reply, where it becomes pesos (centsToPesos).
 *
 * Scope: an administrator sees the whole business ('ALL'); an agent only the loans and payments of
 * the customers assigned to them NOW ('AGENT'), through THE customer access rule
 * (customers/access.ts visibleCustomers). A reassigned customer's history moves with the customer.
 */

/** Sums of bigint columns arrive as numeric strings; counts are cast to int in SQL. */
const cents = (value: string | number | null): number => (value === null ? 0 : Number(value));

const scopeOf = (actor: CustomerActor) => (seesAllCustomers(actor) ? 'ALL' : 'AGENT') as 'ALL' | 'AGENT';

/** The scope condition on `customers` (joined through the loan); `true` for an administrator. */
const customerScope = (actor: CustomerActor): SQL => visibleCustomers(actor) ?? sql`true`;

/** Installments still owed (domain/loan-balance.ts: an item in validation is owed until confirmed). */
const UNPAID_INSTALLMENT = sql`${scheduledPayments.status} in ('PENDING', 'DELAYED', 'VALIDATING')`;

export interface ReportContext {
  /** TZ_BUSINESS: calendar days are days of this zone. */
  timeZone: string;
}

/**
 * GET /reports/weekly-payments. For the business days `from`..`to` (inclusive, TZ_BUSINESS):
 * - collections per day: payments PAID whose confirmation (payments.decided_on, set when an
 *   administrator confirms; PAID is reached only that way) falls on that day, split by their lines
 *   (payment_items: an installment line or a fee line), and how many payments; every day appears;
 * - validating: payments VALIDATING right now (not bound to the range: the queue to work on today);
 * - newLoans: loans delivered in the range and the amount delivered. The delivery day is activatedOn
 *   in TZ_BUSINESS, except for a loanFromPast, registered later for a loan delivered earlier with no
 *   cash movement: its delivery day is its requestDate, the day its schedule is anchored on, so
 *   migrating old loans does not show as this week's lending.
 */
export async function weeklyPaymentsReport(
  db: DbOrTx,
  actor: CustomerActor,
  range: ReportRangeQuery,
  context: ReportContext,
): Promise<WeeklyPaymentsReport> {
  const { from, to } = range;
  // First, so a range the contract should have refused fails before any query.
  const calendar = [...eachDay(from, to, MAX_REPORT_RANGE_DAYS)];
  const tz = context.timeZone;
  // The instants where the first day starts and the day after the last starts, in the business zone.
  const start = sql`(${from}::date)::timestamp at time zone ${tz}`;
  const end = sql`(${to}::date + 1)::timestamp at time zone ${tz}`;
  const scope = customerScope(actor);

  const dailyRows = rowsOf<{ day: string; installments: string; fees: string; payments: number }>(
    await db.execute(sql`
      select to_char(${payments.decidedOn} at time zone ${tz}, 'YYYY-MM-DD') as day,
             coalesce(sum(${paymentItems.amountCents}) filter (where ${paymentItems.scheduledPaymentId} is not null), 0) as installments,
             coalesce(sum(${paymentItems.amountCents}) filter (where ${paymentItems.feeId} is not null), 0) as fees,
             count(distinct ${payments.id})::int as payments
        from ${payments}
        join ${paymentItems} on ${paymentItems.paymentId} = ${payments.id}
        join ${loans} on ${loans.id} = ${payments.loanId}
        join ${customers} on ${customers.id} = ${loans.customerId}
       where ${payments.status} = 'PAID'
         and ${payments.decidedOn} >= ${start} and ${payments.decidedOn} < ${end}
         and ${scope}
       group by 1`),
  );

  const [validating] = rowsOf<{ count: number; amount: string }>(
    await db.execute(sql`
      select count(*)::int as count, coalesce(sum(${payments.amountCents}), 0) as amount
        from ${payments}
        join ${loans} on ${loans.id} = ${payments.loanId}
        join ${customers} on ${customers.id} = ${loans.customerId}
       where ${payments.status} = 'VALIDATING' and ${scope}`),
  );

  const [delivered] = rowsOf<{ count: number; amount: string }>(
    await db.execute(sql`
      select count(*)::int as count, coalesce(sum(${loans.amountCents}), 0) as amount
        from ${loans}
        join ${customers} on ${customers.id} = ${loans.customerId}
       where ${loans.activatedOn} is not null
         and case when ${loans.loanFromPast}
                  then ${loans.requestDate} between ${from}::date and ${to}::date
                  else ${loans.activatedOn} >= ${start} and ${loans.activatedOn} < ${end}
             end
         and ${scope}`),
  );

  const byDay = new Map(dailyRows.map((row) => [row.day, row]));
  const totals = { installments: 0, fees: 0, payments: 0 };
  const days: WeeklyPaymentsReport['days'] = [];
  for (const day of calendar) {
    const row = byDay.get(day);
    const installments = cents(row?.installments ?? 0);
    const fees = cents(row?.fees ?? 0);
    const count = row?.payments ?? 0;
    totals.installments += installments;
    totals.fees += fees;
    totals.payments += count;
    days.push({
      date: day,
      installments: centsToPesos(installments),
      fees: centsToPesos(fees),
      total: centsToPesos(installments + fees),
      payments: count,
    });
  }

  return {
    from,
    to,
    scope: scopeOf(actor),
    days,
    totals: {
      installments: centsToPesos(totals.installments),
      fees: centsToPesos(totals.fees),
      total: centsToPesos(totals.installments + totals.fees),
      payments: totals.payments,
    },
    validating: { count: validating?.count ?? 0, amount: centsToPesos(cents(validating?.amount ?? 0)) },
    newLoans: { count: delivered?.count ?? 0, amount: centsToPesos(cents(delivered?.amount ?? 0)) },
  };
}

/**
 * The ACTIVE and DELAYED loans in scope as LoanRiskRow (domain/portfolio-risk.ts), in ONE statement:
 * per loan its unpaid installments, the highest unpaid number (the last one unpaid ⇔ it equals the
 * term) and its oldest unpaid due date before `today`; loans identical in those values are then
 * grouped, so a large portfolio travels as few rows. Other loan statuses are not in the portfolio.
 *
 * Plan per scope: for the whole business the unpaid installments are aggregated once by loan (one
 * pass, hash-joined to the loans) instead of one index probe per loan; an agent's few loans are
 * probed one by one (LATERAL on the loan's installments), so an agent never scans the whole table.
 */
async function loanRiskRows(db: DbOrTx, actor: CustomerActor, today: string): Promise<LoanRiskRow[]> {
  const unpaidFigures = sql`count(*)::int as unpaid, max(${scheduledPayments.paymentNumber}) as last_number,
    min(${scheduledPayments.dueDate}) filter (where ${scheduledPayments.dueDate} < ${today}::date) as oldest_overdue`;
  const everyLoan = seesAllCustomers(actor);
  const unpaidPerLoan = everyLoan
    ? sql`left join (
        select ${scheduledPayments.loanId} as loan_id, ${unpaidFigures}
          from ${scheduledPayments}
         where ${UNPAID_INSTALLMENT}
         group by ${scheduledPayments.loanId}) u on u.loan_id = ${loans.id}`
    : sql`left join lateral (
        select ${unpaidFigures}
          from ${scheduledPayments}
         where ${scheduledPayments.loanId} = ${loans.id} and ${UNPAID_INSTALLMENT}) u on true`;
  const inScope = everyLoan
    ? sql`true`
    : sql`exists (select 1 from ${customers} where ${customers.id} = ${loans.customerId} and ${customerScope(actor)})`;

  const rows = rowsOf<{
    status: OpenLoanStatus;
    amount_cents: string;
    term_weeks: number;
    unpaid: number;
    last_unpaid: boolean;
    oldest_overdue: string | null;
    loans: number;
    balance_cents: string;
  }>(
    await db.execute(sql`
      select ${loans.status} as status, ${loans.amountCents} as amount_cents, ${loans.termWeeks} as term_weeks,
             coalesce(u.unpaid, 0) as unpaid,
             coalesce(u.last_number = ${loans.termWeeks}, false) as last_unpaid,
             to_char(u.oldest_overdue, 'YYYY-MM-DD') as oldest_overdue,
             count(*)::int as loans, sum(${loans.currentBalanceCents}) as balance_cents
        from ${loans}
        ${unpaidPerLoan}
       where ${loans.status} in (${OPEN_LOAN_STATUSES_SQL}) and ${inScope}
       group by 1, 2, 3, 4, 5, 6`),
  );
  return rows.map((row) => ({
    status: row.status,
    amountCents: cents(row.amount_cents),
    termWeeks: row.term_weeks,
    unpaidInstallments: row.unpaid,
    lastInstallmentUnpaid: row.last_unpaid,
    oldestOverdueDueDate: row.oldest_overdue,
    loans: row.loans,
    currentBalanceCents: cents(row.balance_cents),
  }));
}

/**
 * GET /reports/portfolio: the portfolio as of the business day `today` (definitions of DPD,
 * outstanding principal, PAR and buckets in domain/portfolio-risk.ts). Cash in accounts (Σ Saldo,
 * Σ Saldo Real over every bank account) is business-wide, so only administrators get it.
 */
export async function portfolioReport(
  db: DbOrTx,
  actor: CustomerActor,
  today: string,
): Promise<PortfolioReport> {
  const risk = portfolioRisk(await loanRiskRows(db, actor, today), today);

  let cash: PortfolioReport['cash'] = null;
  if (seesAllCustomers(actor)) {
    const [totals] = rowsOf<{ balance: string; real_balance: string }>(
      await db.execute(sql`
        select coalesce(sum(${bankAccounts.balanceCents}), 0) as balance,
               coalesce(sum(${bankAccounts.realBalanceCents}), 0) as real_balance
          from ${bankAccounts}`),
    );
    cash = {
      balance: centsToPesos(cents(totals?.balance ?? 0)),
      realBalance: centsToPesos(cents(totals?.real_balance ?? 0)),
    };
  }

  return {
    asOf: today,
    scope: scopeOf(actor),
    loans: risk.loans,
    outstandingBalance: centsToPesos(risk.outstandingBalanceCents),
    outstandingPrincipal: centsToPesos(risk.outstandingPrincipalCents),
    cash,
    par: risk.par.map((figure) => ({
      days: figure.days,
      atRisk: centsToPesos(figure.atRiskCents),
      outstanding: centsToPesos(figure.outstandingCents),
      ratio: figure.ratio,
      loans: figure.loans,
    })),
    buckets: risk.buckets.map((bucket) => ({
      key: bucket.key,
      label: bucket.label,
      loans: bucket.loans,
      principal: centsToPesos(bucket.principalCents),
    })),
  };
}
