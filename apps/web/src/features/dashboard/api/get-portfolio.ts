import { portfolioReport } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { reportsKeys } from './keys.ts';

/** GET /api/v1/reports/portfolio → the portfolio as it stands today (loans, balance, cash, PAR, buckets). */
export const portfolioQueryOptions = () =>
  apiQuery({
    read: portfolioReport.parse,
    queryKey: reportsKeys.portfolio(),
    path: `${apiPaths.reports}/portfolio`,
  });

export const usePortfolio = () => useQuery(portfolioQueryOptions());
