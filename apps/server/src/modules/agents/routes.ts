import { agentSummary, agentsQuery, envelope, z } from '@prestaya/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../http/responses.ts';
import { listAssignableAgents } from './service.ts';

/** GET /api/v1/agents: the staff pickers (customer form, Cobranza, Corte de caja), for all staff. */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['agents'],
        querystring: agentsQuery,
        response: { 200: envelope(z.array(agentSummary)), ...problemResponses(400, 401) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await listAssignableAgents(app.db, request.user, request.query),
    }),
  );
};
