import { type AgentSummary, STAFF_PICKER_SIZE } from '@prestaya/contracts';
import type { QueryKey } from '@tanstack/react-query';
import { apiPaths } from './paths.ts';
import { apiQuery } from './query.ts';

/**
 * GET /api/v1/agents?size=20&query=…: one page of an agent picker, under the feature's own key. An
 * administrator searches every active agent and themself; an agent only ever gets themself (docs/product.md §6).
 */
export const agentsPageQuery = (queryKey: QueryKey, term: string) =>
  apiQuery<AgentSummary[]>({
    queryKey,
    path: apiPaths.agents,
    query: { query: term, size: STAFF_PICKER_SIZE },
    staleTime: 60_000,
  });
