import type { AgentSummary } from '@prestaya/contracts';
import type { StaffSearch } from '../../../components/StaffSelect.tsx';
import { agentsPageQuery } from '../../../lib/agents.ts';

/** GET /api/v1/agents?size=20&query=…: a page of the agents whose route an administrator may see. */
export const searchCollectionAgents: StaffSearch<AgentSummary> = agentsPageQuery;
