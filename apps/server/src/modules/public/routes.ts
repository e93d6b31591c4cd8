import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of /public/api/v1 (being built): no staff session; see domain.md "People and access". */
export const publicRoutes: FastifyPluginAsyncZod = async () => {};
