import type { AgentSummary } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { agentsKeys } from './keys.ts';

/** GET /api/v1/agents: an admin gets every active agent and themself; an agent only themself (spec 6). */
export const agentsQueryOptions = () =>
  apiQuery<AgentSummary[]>({ queryKey: agentsKeys.all, path: apiPaths.agents, staleTime: 60_000 });

export const useAgents = () => useQuery(agentsQueryOptions());
