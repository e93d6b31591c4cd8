import { businessSettingsInput, businessSettingsReply } from '@prestaya/contracts';
import { NO_AUTH, ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { readBusinessSettings, updateBusinessSettings } from './business-settings.ts';

/**
 * /api/v1/settings — the business's own data ('Configuración'). Everything in it is meant for
 * borrowers (the landing, the public statement, receipts), so reading it needs no session; saving it
 * is for administrators.
 */
export const settingsRoutes = taggedRoutes('settings', async (app, docs) => {
  app.get(
    '/business',
    {
      ...docs({
        description:
          'Datos del negocio para los clientes: nombre, teléfono, WhatsApp, domicilio, horario y ' +
          'contacto para quejas (null si no se han capturado). Sin sesión: la página de inicio y el ' +
          'estado de cuenta público los muestran.',
        security: NO_AUTH,
        response: { 200: businessSettingsReply },
      }),
      config: { anonymous: true },
    },
    async () => ok(await readBusinessSettings(app.db)),
  );

  app.put(
    '/business',
    docs(
      {
        description:
          'Guarda los datos del negocio (administradores). Un campo vacío queda sin capturar y no se ' +
          'muestra. Teléfono y WhatsApp de 10 dígitos.',
        body: businessSettingsInput,
        response: { 200: businessSettingsReply, ...problemResponses(400, 401, 403) },
      },
      app.requireRole('ROLE_ADMIN'),
    ),
    async (request) => ok(await updateBusinessSettings(app.db, request.user.id, request.body)),
  );
});
