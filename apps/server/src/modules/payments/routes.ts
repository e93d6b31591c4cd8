import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Routes of /api/v1/payments (being built). */
export const paymentsRoutes: FastifyPluginAsyncZod = async () => {};

/** Routes of /api/v1/loans/:id/{pending-payments,fees,payments} (being built). */
export const loanPaymentsRoutes: FastifyPluginAsyncZod = async () => {};
