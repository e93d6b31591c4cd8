import type { Envelope, ReportRangeQuery, WeeklyPaymentsReport } from '@prestaya/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reportsKeys } from './keys.ts';

/** GET /api/v1/reports/weekly-payments?from&to → confirmed collections per day, validating payments, new loans. */
export async function getWeeklyPayments(range: ReportRangeQuery): Promise<WeeklyPaymentsReport> {
  const reply = await api.get<Envelope<WeeklyPaymentsReport>>(`${apiPaths.reports}/weekly-payments`, {
    ...range,
  });
  return reply.data;
}

export const weeklyPaymentsQueryOptions = (range: ReportRangeQuery) =>
  queryOptions({ queryKey: reportsKeys.weeklyPayments(range), queryFn: () => getWeeklyPayments(range) });

/** The period's figures; nothing is fetched while the range is invalid (`null`). */
export function useWeeklyPayments(range: ReportRangeQuery | null) {
  return useQuery({
    ...weeklyPaymentsQueryOptions(range ?? { from: '', to: '' }),
    enabled: range !== null,
    // Moving to another week keeps the last figures (dimmed) until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
