import { agentSummary, STAFF_PICKER_SIZE, z } from '@prestaya/contracts';
import { apiPaths } from './paths.ts';
import { apiQuery } from './query.ts';
import { sharedKeys } from './query-keys.ts';

const readAgentSummaryList = z.array(agentSummary).parse;

/**
 * GET /api/v1/agents?size=20&query=…: one page of an agent picker, one copy for every screen. An
 * administrator searches every active agent and themself; an agent only ever gets themself (docs/product.md §6).
 */
export const agentsPageQuery = (term: string) =>
  apiQuery({
    read: readAgentSummaryList,
    queryKey: sharedKeys.agentsPage(term),
    path: apiPaths.agents,
    query: { query: term, size: STAFF_PICKER_SIZE },
    staleTime: 60_000,
  });
