import type { AgentSummary } from '@prestaya/contracts';
import type { StaffSearch } from '../../../components/StaffSelect.tsx';
import { agentsPageQuery } from '../../../lib/agents.ts';

/** GET /api/v1/agents?size=20&query=…: a page of whom a customer may be assigned to (docs/product.md §6). */
export const searchAgents: StaffSearch<AgentSummary> = agentsPageQuery;
