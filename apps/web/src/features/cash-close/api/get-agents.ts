import type { AgentSummary } from '@prestaya/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiPaths } from '../../../lib/paths.ts';
import { apiQuery } from '../../../lib/query.ts';
import { cashCloseKeys } from './keys.ts';

/** GET /api/v1/agents: for an administrator every active agent and themself, by name. */
export const useAgents = ({ enabled = true } = {}) =>
  useQuery({
    ...apiQuery<AgentSummary[]>({
      queryKey: cashCloseKeys.agents(),
      path: apiPaths.agents,
      staleTime: 60_000,
    }),
    enabled,
  });
