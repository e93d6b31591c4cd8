import {
  centsToPesos,
  MAX_REPORT_RANGE_DAYS,
  type PortfolioReport,
  type ReportRangeQuery,
  type WeeklyPaymentsReport,
} from '@prestaya/contracts';
import { eachDay, portfolioRisk } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { bankAccounts } from '../../db/schema/bank-accounts.ts';
import { agentPortfolioRows, cents, liveWeeklyFigures } from './live.ts';
import { tallyPortfolioRows, tallyWeeklyFigures } from './tallies.ts';

/**
 * Report figures (weekly payments, portfolio). SQL only gathers rows: an administrator's from the
 * tallies the triggers keep (tallies.ts), so the work does not grow with the loans and payments; an
 * agent's from their own customers' rows (live.ts). The portfolio arithmetic lives in
 * domain/portfolio-risk.ts. Money stays in integer centavos until the reply, where it becomes pesos
 * (centsToPesos).
 *
 * Scope: an administrator sees the whole business ('ALL'); an agent only the loans and payments of
 * the customers assigned to them NOW ('AGENT'), through THE customer access rule
 * (customers/access.ts visibleCustomers). A reassigned customer's history moves with the customer.
 */

const scopeOf = (actor: CustomerActor) => (seesAllCustomers(actor) ? 'ALL' : 'AGENT') as 'ALL' | 'AGENT';

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
 * An administrator's figures come from the tallies (tallies.ts), an agent's from their own rows (live.ts).
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
  const window = { from, to, timeZone: context.timeZone };
  const figures = seesAllCustomers(actor)
    ? await tallyWeeklyFigures(db, window)
    : await liveWeeklyFigures(db, actor, window);

  const byDay = new Map(figures.days.map((row) => [row.day, row]));
  const totals = { installments: 0, fees: 0, payments: 0 };
  const days: WeeklyPaymentsReport['days'] = [];
  for (const day of calendar) {
    const row = byDay.get(day);
    const installments = row?.installmentsCents ?? 0;
    const fees = row?.feesCents ?? 0;
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
    validating: { count: figures.validating.count, amount: centsToPesos(figures.validating.amountCents) },
    newLoans: { count: figures.delivered.count, amount: centsToPesos(figures.delivered.amountCents) },
  };
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
  const rows = seesAllCustomers(actor)
    ? await tallyPortfolioRows(db, today)
    : await agentPortfolioRows(db, actor, today);
  const risk = portfolioRisk(rows, today);

  let cash: PortfolioReport['cash'] = null;
  if (seesAllCustomers(actor)) {
    const [totals] = rowsOf<{ balance: string; real_balance: string }>(
      await db.execute(sql`
        select coalesce(sum(${bankAccounts.balanceCents}), 0) as balance,
               coalesce(sum(${bankAccounts.realBalanceCents}), 0) as real_balance
          from ${bankAccounts}`),
    );
    cash = {
      balance: centsToPesos(cents(totals?.balance)),
      realBalance: centsToPesos(cents(totals?.real_balance)),
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
