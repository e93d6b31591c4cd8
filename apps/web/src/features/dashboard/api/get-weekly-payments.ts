import { type ReportRangeQuery, weeklyPaymentsReport } from '@prestaya/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { reportsKeys } from './keys.ts';

/** GET /api/v1/reports/weekly-payments?from&to → confirmed collections per day, validating payments, new loans. */
export const weeklyPaymentsQueryOptions = (range: ReportRangeQuery) =>
  apiQuery({
    read: weeklyPaymentsReport.parse,
    queryKey: reportsKeys.weeklyPayments(range),
    path: `${apiPaths.reports}/weekly-payments`,
    query: { ...range },
  });

/** The period's figures; nothing is fetched while the range is invalid (`null`). */
export function useWeeklyPayments(range: ReportRangeQuery | null) {
  return useQuery({
    ...weeklyPaymentsQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
    // Moving to another week keeps the last figures (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
