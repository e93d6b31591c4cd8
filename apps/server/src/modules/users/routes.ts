import {
  envelope,
  idParams,
  PASSWORD_RESET_HOURS,
  paged,
  passwordResetLink,
  user,
  userCreate,
  userExportQuery,
  userListQuery,
  userUpdate,
} from '@prestaya/contracts';
import { asListQuery, csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { createUser } from './create-user.ts';
import { usersCsv } from './export.ts';
import { getUser } from './get-user.ts';
import { listUsers } from './list-users.ts';
import { createPasswordResetLink } from './password-reset.ts';
import { revokeSessions } from './revoke-sessions.ts';
import { unlockPinRoutes } from './unlock-pin-routes.ts';
import { updateUser } from './update-user.ts';

/** Staff accounts: ROLE_ADMIN only, enforced here for every route of the module. */
export const usersRoutes = taggedRoutes('users', async (app, docs) => {
  app.addHook('onRequest', app.requireRole('ROLE_ADMIN'));
  // The OpenAPI document lists the paths in the order they are registered here.
  app.post(
    '/:id/revoke-sessions',
    docs({
      summary: 'Cierra todas las sesiones del usuario (administradores)',
      params: idParams,
      response: { 200: envelope(user), ...problemResponses(400, 401, 403, 404) },
    }),
    async (request) => ok(await revokeSessions(app.db, request.user.id, request.params.id)),
  );

  await app.register(unlockPinRoutes);

  app.post(
    '/:id/password-reset',
    docs({
      summary: 'Genera un enlace de restablecimiento de contraseña (administradores)',
      description:
        `Enlace de un solo uso, válido ${PASSWORD_RESET_HOURS} h, para que el usuario asigne una ` +
        'nueva contraseña sin correo electrónico: `path` es `/auth/reset/<token>` (relativo al ' +
        'sitio) y `expiresOn` su vencimiento. Solo esta respuesta lo contiene: el servidor guarda ' +
        'únicamente el SHA-256 del token y no puede volver a mostrarlo. Generar otro anula los ' +
        'enlaces anteriores sin usar del mismo usuario. 404 si el usuario no existe; 409 si está ' +
        'cancelado.',
      params: idParams,
      response: { 201: envelope(passwordResetLink), ...problemResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(ok(await createPasswordResetLink(app.db, request.user.id, request.params.id, app.now()))),
  );

  app.get(
    '/',
    docs({ querystring: userListQuery, response: { 200: paged(user), ...problemResponses(400, 401, 403) } }),
    (request) => listUsers(app.db, { ...request.query, countCap: app.listCountCap }, app.now()),
  );

  // CSV export of the list above. A static path: it wins over '/:id' below.
  app.get(
    '/export.csv',
    docs({
      ...csvRouteDocs(
        'Usuarios en CSV (administradores), con su tipo de usuario: la misma búsqueda, filtro y orden que la lista.',
      ),
      querystring: userExportQuery,
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
