import { envelope, idParams, paged, pagedQuery, user, userCreate, userUpdate } from '@prestaya/contracts';
import { asListQuery, csvRouteDocs, listExportQuery } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { passwordResetLinkRoute } from './password-reset.ts';
import { revokeSessionsRoute } from './revoke-sessions.ts';
import { createUser, getUser, listUsers, updateUser, usersCsv } from './service.ts';
import { unlockPinRoutes } from './unlock-pin-routes.ts';

/** Staff accounts: ROLE_ADMIN only, enforced here for every route of the module. */
export const usersRoutes = taggedRoutes('users', async (app, docs) => {
  app.addHook('onRequest', app.requireRole('ROLE_ADMIN'));
  await app.register(revokeSessionsRoute);
  await app.register(unlockPinRoutes);
  await app.register(passwordResetLinkRoute);

  app.get(
    '/',
    docs({ querystring: pagedQuery, response: { 200: paged(user), ...problemResponses(400, 401, 403) } }),
    (request) => listUsers(app.db, { ...request.query, countCap: app.listCountCap }),
  );

  // CSV export of the list above. A static path: it wins over '/:id' below.
  app.get(
    '/export.csv',
    docs({
      ...csvRouteDocs(
        'Usuarios en CSV (administradores), con su tipo de usuario: la misma búsqueda, filtro y orden que la lista.',
      ),
      querystring: listExportQuery,
    }),
    (request, reply) =>
      sendCsv(reply, usersCsv(app.db, asListQuery(request.query), app.config.businessTimeZone)),
  );

  app.post(
    '/',
    docs({ body: userCreate, response: { 201: envelope(user), ...problemResponses(400, 401, 403, 409) } }),
    async (request, reply) =>
      reply.code(201).send(ok(await createUser(app.db, request.user.id, request.body))),
  );

  app.get(
    '/:id',
    docs({ params: idParams, response: { 200: envelope(user), ...problemResponses(400, 401, 403, 404) } }),
    async (request) => ok(await getUser(app.db, request.params.id)),
  );

  app.put(
    '/:id',
    docs({
      params: idParams,
      body: userUpdate,
      response: { 200: envelope(user), ...problemResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => ok(await updateUser(app.db, request.user, request.params.id, request.body)),
  );
});
