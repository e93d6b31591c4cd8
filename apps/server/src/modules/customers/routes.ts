import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of /api/v1/customers (being built). */
export const customersRoutes: FastifyPluginAsyncZod = async () => {};
