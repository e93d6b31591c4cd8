import { expedienteReply, identitySettings, identitySettingsReply, idParams } from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { getExpediente } from './expediente.ts';
import { readIdentitySettings, updateIdentitySettings } from './settings.ts';

/** /api/v1/identity-settings: the identity policy (administrators). */
export const identitySettingsRoutes = taggedRoutes('settings', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/',
    docs(
      {
        description:
          'Política de identidad (administradores): si aprobar un préstamo exige el expediente completo ' +
          '(no, por omisión) y la antigüedad máxima del comprobante de domicilio en meses (3 por omisión).',
        response: { 200: identitySettingsReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await readIdentitySettings(app.db)),
  );

  app.put(
    '/',
    docs(
      {
        description: 'Guarda la política de identidad (administradores): meses de 1 a 12.',
        body: identitySettings,
        response: { 200: identitySettingsReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) => ok(await updateIdentitySettings(app.db, request.user.id, request.body)),
  );
});

/** /api/v1/customers/{id}/expediente: the customer's identity file, complete or what it lacks. */
export const expedienteRoutes = taggedRoutes('customers', async (app, docs) => {
  app.get(
    '/',
    docs({
      description:
        'Expediente del cliente en la fecha de negocio: completo, o lo que falta (INE frente y reverso, ' +
        'comprobante de domicilio con fecha dentro de la antigüedad máxima de la política).',
      params: idParams,
      response: { 200: expedienteReply, ...problemResponses(400, 401, 404) },
    }),
    async (request) =>
      ok(await getExpediente(app.db, request.user, request.params.id, app.businessClock.today())),
  );
});
