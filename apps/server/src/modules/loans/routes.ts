import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of /api/v1/loans (being built). */
export const loansRoutes: FastifyPluginAsyncZod = async () => {};

/** Routes of /api/v1/customers/:id/loans (being built). */
export const customerLoansRoutes: FastifyPluginAsyncZod = async () => {};
