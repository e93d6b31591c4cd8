import { envelope, idParams, paymentListItem, paymentRequestItem, z } from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { authorisePaymentRequest } from './authorise.ts';
import { listPaymentRequests } from './list.ts';

/**
 * "Pago sin PIN" for staff (docs/product.md): the public payments waiting for the customer's agent, and
 * their authorisation from the signed-in session. The customer's agent or an administrator; another
 * agent gets 404.
 */
export const paymentRequestsRoutes = taggedRoutes('payments', async (app, docs) => {
  app.get(
    '/loans/:id/payment-requests',
    docs({
      description:
        'Pagos por autorizar del préstamo: registrados desde la consulta pública sin PIN, esperan al ' +
        'agente del cliente (o a un administrador) hasta un día. Otro agente: 404.',
      params: idParams,
      response: { 200: envelope(z.array(paymentRequestItem)), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await listPaymentRequests(app.db, request.user, request.params.id, app.now())),
  );

  app.post(
    '/payment-requests/:id/authorise',
    docs({
      description:
        'Autorizar un pago por autorizar desde la sesión (en lugar del PIN): registra el pago como uno ' +
        'público autorizado con PIN (En validación, con las mismas reglas). Repetirlo devuelve el ' +
        'mismo pago. 404 si no existe o es de otro agente; 409 si ya se autorizó o venció.',
      params: idParams,
      response: { 200: envelope(paymentListItem), ...problemResponses(400, 401, 404, 409) },
    }),
    async (request) =>
      ok(
        await authorisePaymentRequest(app.db, request.user, request.params.id, {
          now: app.now(),
          today: app.businessClock.today(),
        }),
      ),
  );
});
