import type { AgentSummary, Envelope } from '@prestaya/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { apiPaths } from '../../../lib/paths.ts';
import { agentsKeys } from './keys.ts';

/** GET /api/v1/agents: an admin gets every active agent and themself; an agent only themself (spec 6). */
export async function getAgents(): Promise<AgentSummary[]> {
  const reply = await api.get<Envelope<AgentSummary[]>>(apiPaths.agents);
  return reply.data;
}

export const agentsQueryOptions = () =>
  queryOptions({ queryKey: agentsKeys.all, queryFn: getAgents, staleTime: 60_000 });

export function useAgents() {
  return useQuery(agentsQueryOptions());
}
