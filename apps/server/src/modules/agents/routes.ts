import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of /api/v1/agents (being built). */
export const agentsRoutes: FastifyPluginAsyncZod = async () => {};
