import { z } from '@prestaya/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NO_AUTH, problemResponses } from '../../http/responses.ts';
import { problemBody, sendProblem } from '../../plugins/errors.ts';
import { databaseAnswers } from './service.ts';

/** Load balancers and the e2e runner poll this: 200 only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        security: NO_AUTH,
        response: { 200: z.object({ status: z.literal('ok') }), ...problemResponses(503) },
      },
    },
    async (_request, reply) => {
      if (await databaseAnswers(app.db)) return { status: 'ok' as const };
      return sendProblem(reply, problemBody(503, 'La base de datos no responde'));
    },
  );
};
