import { z } from '@prestaya/contracts';
import { problemBody, sendProblem } from '../../http/problems.ts';
import { NO_AUTH, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { databaseAnswers } from './service.ts';

const healthy = z.object({ status: z.literal('ok') });

/**
 * Liveness and readiness, for load balancers, orchestrators and the e2e runner. `/health` says the
 * process answers HTTP and never touches the database, so a database outage does not get healthy
 * servers restarted; `/health/ready` says this server can serve requests now (the database answers).
 */
export const healthRoutes = taggedRoutes('health', async (app, docs) => {
  app.get('/health', docs({ security: NO_AUTH, response: { 200: healthy } }), async () => ({
    status: 'ok' as const,
  }));

  app.get(
    '/health/ready',
    docs({ security: NO_AUTH, response: { 200: healthy, ...problemResponses(503) } }),
    async (_request, reply) => {
      if (await databaseAnswers(app.db)) return { status: 'ok' as const };
      return sendProblem(reply, problemBody(503, 'La base de datos no responde'));
    },
  );
});
