import type { AgentSummary } from '@prestaya/contracts';
import type { StaffSearch } from '../../../components/StaffSelect.tsx';
import { agentsPageQuery } from '../../../lib/agents.ts';

/** GET /api/v1/agents?size=20&query=…: a page of the agents (and the administrator), by name. */
export const searchAgents: StaffSearch<AgentSummary> = agentsPageQuery;
