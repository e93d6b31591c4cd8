import {
  cashClose,
  cashCloseConfirm,
  cashCloseConfirmed,
  cashCloseQuery,
  envelope,
} from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { confirmCashClose } from './confirm.ts';
import { getCashClose } from './day.ts';

/** Routes of /api/v1/cash-close: 'Corte de caja', an agent's business day and its confirmation. */
export const cashCloseRoutes = taggedRoutes('cash-close', async (app, docs) => {
  app.get(
    '/',
    docs({
      description:
        'Corte de caja de un agente en un día hábil (`date`, hoy si falta): los pagos que registró, por ' +
        'hora, y los totales (efectivo a entregar, en validación, confirmado; transferencias). Un agente ' +
        'consulta solo su propio corte (403 con otro `agentId`); un administrador debe indicar `agentId` ' +
        '(400 si falta).',
      querystring: cashCloseQuery,
      response: { 200: envelope(cashClose), ...problemResponses(400, 401, 403, 404) },
    }),
    async (request) => ok(await getCashClose(app.db, request.user, request.query, app.businessClock)),
  );

  app.post(
    '/confirm',
    docs(
      {
        description:
          'Confirmar corte (administradores): confirma en `targetAccountId`, en una sola transacción, ' +
          'cada pago en efectivo en validación que el agente registró ese día (un Abono por pago, las ' +
          'mismas reglas que confirmar un pago). Repetirlo no cambia nada: `confirmed` 0.',
        body: cashCloseConfirm,
        response: { 200: envelope(cashCloseConfirmed), ...problemResponses(400, 401, 403, 404, 409) },
      },
      app.requireRole('ROLE_ADMIN'),
    ),
    async (request) => ok(await confirmCashClose(app.db, request.user, request.body, app.businessClock)),
  );
});
