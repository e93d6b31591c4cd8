import type { ReportRangeQuery } from '@prestaya/contracts';
import { queryRoots } from '../../../lib/query-keys.ts';

/** Query keys of the dashboard's reports; invalidating `all` reloads every figure on the screen. */
export const reportsKeys = {
  all: queryRoots.reports,
  weeklyPayments: (range: ReportRangeQuery) => [...reportsKeys.all, 'weekly-payments', range] as const,
  portfolio: () => [...reportsKeys.all, 'portfolio'] as const,
};
