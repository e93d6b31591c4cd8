import { addDays, dpdCutPoints, type LoanRiskRow } from '@prestaya/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import {
  collectionTally,
  deliveryTally,
  paymentStatusTally,
  portfolioTally,
} from '../../db/schema/report-tallies.ts';
import { cents, type ReportWindow, type WeeklyFigures, windowEnd, windowStart } from './live.ts';

/**
 * The whole business's report figures from the tallies the triggers of migration report_tallies keep
 * (db/schema/report-tallies.ts): a sum over a few hundred rows, however many loans and payments there
 * are. They equal live.ts's figures for scope ALL (test/reports/tally.test.ts, bench verify).
 */

/**
 * The portfolio's LoanRiskRows. The tally's key holds each loan's oldest UNPAID due date, which is its
 * oldest one before today exactly when it is before today. Rows whose dates no DPD cut point (domain
 * dpdCutPoints) separates are grouped further — every figure of the report is the same for them — and
 * sent with the latest of their dates: a dozen rows in all. `width_bucket` over the days where DPD
 * reaches each cut point + 1 (ascending) numbers those groups.
 */
export async function tallyPortfolioRows(db: DbOrTx, today: string): Promise<LoanRiskRow[]> {
  const t = portfolioTally;
  const cutDays = dpdCutPoints()
    .map((cut) => addDays(today, 1 - cut))
    .sort();
  const rows = rowsOf<{
    status: LoanRiskRow['status'];
    oldest_overdue: string | null;
    loans: string;
    balance_cents: string;
    principal_cents: string;
    restructured: boolean;
  }>(
    await db.execute(sql`
      select ${t.status} as status, ${t.restructured} as restructured,
             case when max(${t.oldestUnpaidDueDate}) < ${today}::date
                  then to_char(max(${t.oldestUnpaidDueDate}), 'YYYY-MM-DD') end as oldest_overdue,
             sum(${t.n}) as loans, sum(${t.balanceCents}) as balance_cents,
             sum(${t.principalCents}) as principal_cents
        from ${t}
       group by 1, 2, width_bucket(${t.oldestUnpaidDueDate}, ${`{${cutDays.join(',')}}`}::date[])
      having sum(${t.n}) <> 0`),
  );
  return rows.map((row) => ({
    status: row.status,
    oldestOverdueDueDate: row.oldest_overdue,
    loans: Number(row.loans),
    currentBalanceCents: cents(row.balance_cents),
    outstandingPrincipalCents: cents(row.principal_cents),
    ...(row.restructured ? { restructured: true } : {}),
  }));
}

/**
 * The weekly figures: collections by the periods inside the window, each period turned into the
 * business day it lies in (exact: a 15-minute period never straddles two business days, see the
 * migration); payments VALIDATING now; loans delivered in the periods of the window or, for a
 * loanFromPast, requested on its days.
 */
export async function tallyWeeklyFigures(db: DbOrTx, window: ReportWindow): Promise<WeeklyFigures> {
  const start = windowStart(window);
  const end = windowEnd(window);
  const c = collectionTally;
  const dailyRows = rowsOf<{ day: string; installments: string; fees: string; payments: string }>(
    await db.execute(sql`
      select to_char(${c.periodStart} at time zone ${window.timeZone}, 'YYYY-MM-DD') as day,
             sum(${c.installmentsCents}) as installments, sum(${c.feesCents}) as fees,
             sum(${c.payments}) as payments
        from ${c}
       where ${c.periodStart} >= ${start} and ${c.periodStart} < ${end}
       group by 1
      having sum(${c.payments}) <> 0 or sum(${c.installmentsCents}) <> 0 or sum(${c.feesCents}) <> 0`),
  );

  const [validating] = rowsOf<{ count: string | null; amount: string | null }>(
    await db.execute(sql`
      select sum(${paymentStatusTally.n}) as count, sum(${paymentStatusTally.amountCents}) as amount
        from ${paymentStatusTally} where ${paymentStatusTally.status} = 'VALIDATING'`),
  );

  const d = deliveryTally;
  const [delivered] = rowsOf<{ count: string | null; amount: string | null }>(
    await db.execute(sql`
      select sum(${d.loans}) as count, sum(${d.amountCents}) as amount
        from ${d}
       where (${d.periodStart} >= ${start} and ${d.periodStart} < ${end})
          or ${d.requestDay} between ${window.from}::date and ${window.to}::date`),
  );

  return {
    days: dailyRows.map((row) => ({
      day: row.day,
      installmentsCents: cents(row.installments),
      feesCents: cents(row.fees),
      payments: cents(row.payments),
    })),
    validating: { count: cents(validating?.count), amountCents: cents(validating?.amount) },
    delivered: { count: cents(delivered?.count), amountCents: cents(delivered?.amount) },
  };
}
