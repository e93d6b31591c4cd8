import { agentSummary, agentsQuery, envelope, z } from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { listAssignableAgents } from './service.ts';

/** GET /api/v1/agents: the staff pickers (customer form, Cobranza, Corte de caja), for all staff. */
export const agentsRoutes = taggedRoutes('agents', async (app, docs) => {
  app.get(
    '/',
    docs({
      querystring: agentsQuery,
      response: { 200: envelope(z.array(agentSummary)), ...problemResponses(400, 401) },
    }),
    async (request) => ok(await listAssignableAgents(app.db, request.user, request.query)),
  );
});
