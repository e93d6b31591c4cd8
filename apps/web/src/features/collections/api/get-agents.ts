import type { AgentSummary } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { AGENTS_KEY } from './keys.ts';

/** GET /api/v1/agents: the administrator's choice of whose route to see. */
export const useCollectionAgents = (enabled: boolean) =>
  useQuery({
    ...apiQuery<AgentSummary[]>({ queryKey: AGENTS_KEY, path: apiPaths.agents, staleTime: 60_000 }),
    enabled,
  });
