import { DPD_BUCKETS, type DpdBucketKey } from '@prestaya/domain';
import { dateRange, isoDate } from './common.ts';
import { z } from './zod.ts';

/** Longest range a report accepts, in days (inclusive of both ends). */
export const MAX_REPORT_RANGE_DAYS = 366;

/** `GET /api/v1/reports/weekly-payments?from&to` (docs/product.md §7): a calendar range in the business time zone. */
export const reportRangeQuery = dateRange(z.object({ from: isoDate, to: isoDate }), MAX_REPORT_RANGE_DAYS);
export type ReportRangeQuery = z.infer<typeof reportRangeQuery>;

/** One calendar day of confirmed collections (amounts in pesos, like every API amount). */
export const dailyCollection = z.object({
  date: z.string(),
  installments: z.number(),
  fees: z.number(),
  total: z.number(),
  payments: z.number().int(),
});
export type DailyCollection = z.infer<typeof dailyCollection>;

/**
 * Weekly payments report. Scope: an agent gets their own portfolio (customers assigned to them), an
 * admin the whole business. `days` has one entry per day of the range, zeros included.
 */
export const weeklyPaymentsReport = z.object({
  from: z.string(),
  to: z.string(),
  scope: z.enum(['ALL', 'AGENT']),
  days: z.array(dailyCollection),
  totals: z.object({
    installments: z.number(),
    fees: z.number(),
    total: z.number(),
    /** Confirmed (PAID) payments whose confirmation falls in the range. */
    payments: z.number().int(),
  }),
  /** Payments waiting for validation right now (VALIDATING), count and amount. */
  validating: z.object({ count: z.number().int(), amount: z.number() }),
  /** Loans delivered (activated) in the range and the amount delivered. */
  newLoans: z.object({ count: z.number().int(), amount: z.number() }),
});
export type WeeklyPaymentsReport = z.infer<typeof weeklyPaymentsReport>;

// The days-past-due buckets are the portfolio risk rule's.
export { DPD_BUCKETS, type DpdBucketKey };

/**
 * Portfolio at risk PAR X (microfinance definition): outstanding principal of the loans with an
 * installment more than X days overdue ÷ outstanding principal of all outstanding loans.
 */
export const parFigure = z.object({
  days: z.number().int(),
  /** Outstanding principal of the loans at risk (numerator), pesos. */
  atRisk: z.number(),
  /** Outstanding principal of the whole portfolio (denominator), pesos. */
  outstanding: z.number(),
  /** atRisk / outstanding, 0 when the portfolio is empty; a fraction (0.125 = 12.5 %). */
  ratio: z.number(),
  loans: z.number().int(),
});
export type ParFigure = z.infer<typeof parFigure>;

/** `GET /api/v1/reports/portfolio`: the portfolio as it stands today (same scope rule as above). */
export const portfolioReport = z.object({
  asOf: z.string(),
  scope: z.enum(['ALL', 'AGENT']),
  /** Active and delayed loans not restructured; restructured loans (either status) counted apart. */
  loans: z.object({ active: z.number().int(), delayed: z.number().int(), restructured: z.number().int() }),
  /** Σ currentBalance and Σ outstanding principal of the restructured loans, pesos (also in the totals). */
  restructured: z.object({ balance: z.number(), principal: z.number() }),
  /** Σ currentBalance of ACTIVE and DELAYED loans (unpaid installments + pending fees), pesos. */
  outstandingBalance: z.number(),
  /** Σ outstanding principal of ACTIVE and DELAYED loans, pesos (PAR's denominator). */
  outstandingPrincipal: z.number(),
  /** Cash in accounts; admins only (null for agents). */
  cash: z.object({ balance: z.number(), realBalance: z.number() }).nullable(),
  par: z.array(parFigure),
  buckets: z.array(
    z.object({
      key: z.enum(DPD_BUCKETS.map((bucket) => bucket.key) as [DpdBucketKey, ...DpdBucketKey[]]),
      label: z.string(),
      loans: z.number().int(),
      principal: z.number(),
    }),
  ),
});
export type PortfolioReport = z.infer<typeof portfolioReport>;
