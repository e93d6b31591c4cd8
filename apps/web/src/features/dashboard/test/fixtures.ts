import type { Envelope, PortfolioReport, WeeklyPaymentsReport } from '@prestaya/contracts';
import { adminLogin, agentLogin } from '../../../test/fixtures.ts';

export { adminLogin, agentLogin };

/** Wednesday 11 June 2025, local noon: the current week is Sunday 8 – Saturday 14 June. */
export const TODAY = new Date(2025, 5, 11, 12, 0, 0);
export const WEEK = { from: '2025-06-08', to: '2025-06-14' };

const zero = (date: string) => ({ date, installments: 0, fees: 0, total: 0, payments: 0 });

function weekDays(from: string, to: string) {
  const days: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    days.push(new Date(t).toISOString().slice(0, 10));
  }
  return days;
}

/** Collections on Monday 9 ($10,000 + $345.50 fees, 4 payments) and Wednesday 11 ($2,000, 1 payment). */
export function weeklyReport(overrides: Partial<WeeklyPaymentsReport> = {}): WeeklyPaymentsReport {
  const from = overrides.from ?? WEEK.from;
  const to = overrides.to ?? WEEK.to;
  const days = weekDays(from, to).map((date) => {
    if (date === '2025-06-09')
      return { date, installments: 10_000, fees: 345.5, total: 10_345.5, payments: 4 };
    if (date === '2025-06-11') return { date, installments: 2_000, fees: 0, total: 2_000, payments: 1 };
    return zero(date);
  });
  return {
    from,
    to,
    scope: 'ALL',
    days,
    totals: { installments: 12_000, fees: 345.5, total: 12_345.5, payments: 5 },
    validating: { count: 2, amount: 1_500 },
    newLoans: { count: 3, amount: 30_000 },
    ...overrides,
  };
}

export function emptyWeeklyReport(range = WEEK): WeeklyPaymentsReport {
  return {
    ...range,
    scope: 'ALL',
    days: weekDays(range.from, range.to).map(zero),
    totals: { installments: 0, fees: 0, total: 0, payments: 0 },
    validating: { count: 0, amount: 0 },
    newLoans: { count: 0, amount: 0 },
  };
}

export function portfolioReport(overrides: Partial<PortfolioReport> = {}): PortfolioReport {
  return {
    asOf: '2025-06-11',
    scope: 'ALL',
    loans: { active: 40, delayed: 5, restructured: 0 },
    restructured: { balance: 0, principal: 0 },
    outstandingBalance: 98_765.43,
    outstandingPrincipal: 80_000,
    cash: { balance: 55_000, realBalance: 42_500.25 },
    par: [
      { days: 1, atRisk: 10_000, outstanding: 80_000, ratio: 0.125, loans: 5 },
      { days: 7, atRisk: 6_000, outstanding: 80_000, ratio: 0.075, loans: 3 },
      { days: 30, atRisk: 1_200, outstanding: 80_000, ratio: 0.015, loans: 1 },
    ],
    buckets: [
      { key: '1-7', label: '1–7 días', loans: 2, principal: 4_000 },
      { key: '8-30', label: '8–30 días', loans: 2, principal: 5_000 },
      { key: '31-60', label: '31–60 días', loans: 1, principal: 1_000 },
      { key: '61+', label: '61+ días', loans: 0, principal: 0 },
    ],
    ...overrides,
  };
}

export const ok = <T>(data: T): Envelope<T> => ({ status: 'OK', data });
