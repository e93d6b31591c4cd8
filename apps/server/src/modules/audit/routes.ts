import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** /api/v1/audit — the audit trail and each record's history (issue 7). Routes land with the audit work. */
export const auditRoutes: FastifyPluginAsyncZod = async () => {};
