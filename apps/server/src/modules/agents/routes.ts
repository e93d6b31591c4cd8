import { agentSummary, envelope, z } from '@prestaya/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { problemResponses } from '../../http/responses.ts';
import { listAssignableAgents } from './service.ts';

/** GET /api/v1/agents: the customer form's agent dropdown, for every signed-in staff member. */
export const agentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['agents'],
        response: { 200: envelope(z.array(agentSummary)), ...problemResponses(401) },
      },
    },
    async (request) => ({ status: 'OK' as const, data: await listAssignableAgents(app.db, request.user) }),
  );
};
