import {
  centsToPesos,
  MAX_REPORT_RANGE_DAYS,
  type ReportRangeQuery,
  type WeeklyPaymentsReport,
} from '@prestaya/contracts';
import { eachDay } from '@prestaya/domain';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { DbOrTx } from '../../db/client.ts';
import { type ReportContext, scopeOf } from './context.ts';
import { liveWeeklyFigures } from './live.ts';
import { tallyWeeklyFigures } from './tallies.ts';

/**
 * GET /reports/weekly-payments. For the business days `from`..`to` (inclusive, TZ_BUSINESS):
 * - collections per day: payments PAID (confirmed by an administrator) collected on that day
 *   (payments.collected_at: when the cash was taken, however late a phone without signal sent it),
 *   split by their lines (payment_items: an installment line or a fee line), and how many payments;
 *   every day appears;
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
