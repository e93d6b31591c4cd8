import { expect } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import type { LoanRiskRow } from '../../src/domain/portfolio-risk.ts';
import {
  livePortfolioRows,
  liveWeeklyFigures,
  type ReportWindow,
  type WeeklyFigures,
  WHOLE_BUSINESS,
} from '../../src/modules/reports/live.ts';
import { tallyPortfolioRows, tallyWeeklyFigures } from '../../src/modules/reports/tallies.ts';
import { addDays, businessToday, TEST_TIME_ZONE } from './clock.ts';

/** Rows in one order, so two lists of the same rows compare equal. */
const sortedRisk = (rows: LoanRiskRow[]) =>
  [...rows].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
const sortedWeekly = (figures: WeeklyFigures) => ({
  ...figures,
  days: [...figures.days].sort((a, b) => a.day.localeCompare(b.day)),
});

/**
 * The report tallies (migration report_tallies) give, for the whole business, what the rows
 * themselves give (modules/reports/live.ts): the portfolio as of several days — far in the future
 * every unpaid due date is overdue, so the loans' whole key is compared — and the weekly figures over
 * all time and over the current week, in the tests' zone and in one 5 h 30 min from UTC (periods of 15
 * minutes fall in one business day of either). Returns the live figures so a caller can check the
 * workload was not empty.
 */
export async function expectReportTallies(db: DbOrTx, today = businessToday()) {
  for (const asOf of [today, addDays(today, -8), addDays(today, 20), '2099-12-31']) {
    expect(sortedRisk(await tallyPortfolioRows(db, asOf)), `cartera al ${asOf}: tally ≠ préstamos`).toEqual(
      sortedRisk(await livePortfolioRows(db, WHOLE_BUSINESS, asOf)),
    );
  }
  let everything: WeeklyFigures | undefined;
  for (const timeZone of [TEST_TIME_ZONE, 'Asia/Kolkata']) {
    const windows: ReportWindow[] = [
      { from: '2000-01-01', to: '2099-12-31', timeZone },
      { from: addDays(today, -6), to: today, timeZone },
    ];
    for (const window of windows) {
      const live = sortedWeekly(await liveWeeklyFigures(db, WHOLE_BUSINESS, window));
      expect(
        sortedWeekly(await tallyWeeklyFigures(db, window)),
        `cobranza ${window.from}..${window.to} (${timeZone}): tally ≠ pagos`,
      ).toEqual(live);
      everything ??= live;
    }
  }
  return {
    portfolio: await livePortfolioRows(db, WHOLE_BUSINESS, '2099-12-31'),
    weekly: everything as WeeklyFigures,
  };
}
