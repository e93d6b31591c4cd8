import type { Envelope, PortfolioReport } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { reportsKeys } from './keys.ts';

/** GET /api/v1/reports/portfolio → the portfolio as it stands today (loans, balance, cash, PAR, buckets). */
export async function getPortfolio(): Promise<PortfolioReport> {
  const reply = await api.get<Envelope<PortfolioReport>>(`${apiPaths.reports}/portfolio`);
  return reply.data;
}

export const portfolioQueryOptions = () =>
  queryOptions({ queryKey: reportsKeys.portfolio(), queryFn: getPortfolio });

export function usePortfolio() {
  return useQuery(portfolioQueryOptions());
}
