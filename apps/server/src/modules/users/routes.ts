import { envelope, idParams, paged, pagedQuery, user, userCreate, userUpdate } from '@prestaya/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asListQuery, csvRouteDocs, listExportQuery } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { problemResponses } from '../../http/responses.ts';
import { revokeSessionsRoute } from './revoke-sessions.ts';
import { createUser, getUser, listUsers, updateUser, usersCsv } from './service.ts';
import { unlockPinRoutes } from './unlock-pin-routes.ts';

/** Staff accounts: ROLE_ADMIN only, enforced here for every route of the module. */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole('ROLE_ADMIN'));
  await app.register(revokeSessionsRoute);
  await app.register(unlockPinRoutes);

  app.get(
    '/',
    {
      schema: {
        tags: ['users'],
        querystring: pagedQuery,
        response: { 200: paged(user), ...problemResponses(400, 401, 403) },
      },
    },
    (request) => listUsers(app.db, request.query),
  );

  // CSV export of the list above. A static path: it wins over '/:id' below.
  app.get(
    '/export.csv',
    {
      schema: {
        ...csvRouteDocs(
          'users',
          'Usuarios en CSV (administradores): la misma búsqueda, filtro y orden que la lista.',
        ),
        querystring: listExportQuery,
      },
    },
    (request, reply) =>
      sendCsv(reply, usersCsv(app.db, asListQuery(request.query), app.config.businessTimeZone)),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['users'],
        body: userCreate,
        response: { 201: envelope(user), ...problemResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createUser(app.db, request.user.id, request.body);
      return reply.code(201).send({ status: 'OK', data: created });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['users'],
        params: idParams,
        response: { 200: envelope(user), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'OK' as const, data: await getUser(app.db, request.params.id) }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['users'],
        params: idParams,
        body: userUpdate,
        response: { 200: envelope(user), ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await updateUser(app.db, request.user, request.params.id, request.body),
    }),
  );
};
