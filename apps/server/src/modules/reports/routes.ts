import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/v1/reports — weekly payments and portfolio figures (issue 7). Routes land with the reports work. */
export const reportsRoutes: FastifyPluginAsyncZod = async () => {};
