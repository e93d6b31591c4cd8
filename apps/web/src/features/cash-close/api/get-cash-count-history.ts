import { type CashCountHistory, cashCountHistory } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import type { PageParams } from '../../../components/CatalogTable/index.ts';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { cashCloseKeys } from './keys.ts';

/** GET /api/v1/cash-close/history?agentId&page&size: the agent's closes, newest first. */
export const getCashCountHistory = (agentId: string, { page, size }: PageParams): Promise<CashCountHistory> =>
  api.get(apiPaths.cashCloseHistory, cashCountHistory.parse, { agentId, page, size });

/** The sum of every difference of the agent (the first page of one row carries it). */
export const useCashCountTotal = (agentId: string) =>
  useQuery({
    queryKey: [...cashCloseKeys.history(agentId), 'total'],
    queryFn: () => getCashCountHistory(agentId, { page: 1, size: 1, order: 'asc' }),
    select: (history) => ({ totalDifference: history.totalDifference, closes: history.totalDocuments }),
  });
