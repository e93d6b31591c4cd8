import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of /api/v1/bank-accounts (being built). */
export const bankAccountsRoutes: FastifyPluginAsyncZod = async () => {};
