import {
  cashClose,
  cashCloseConfirm,
  cashCloseConfirmed,
  cashCloseQuery,
  cashCount,
  cashCountClose,
  cashCountHistory,
  cashCountHistoryExportQuery,
  cashCountHistoryQuery,
  envelope,
} from '@prestaya/contracts';
import { csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { closeCashDay } from './close.ts';
import { confirmCashClose } from './confirm.ts';
import { getCashClose } from './day.ts';
import { cashCountHistoryCsv } from './export.ts';
import { listCashCountHistory } from './history.ts';

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

  app.post(
    '/close',
    docs(
      {
        description:
          'Contar efectivo y cerrar el día (administradores): en una sola transacción confirma en ' +
          '`targetAccountId` el efectivo del día aún en validación (como Confirmar corte) y registra el ' +
          'conteo: `counted` (pesos) y, opcional, `denominations` (piezas por billete y moneda, deben sumar ' +
          '`counted`). El servidor calcula lo esperado (pagos en efectivo confirmados del día), la ' +
          'diferencia y si es Faltante o Sobrante; `note` es obligatoria si hay diferencia. Un agente y día ' +
          'se cierra una sola vez: 409 si ya está cerrado.',
        body: cashCountClose,
        response: { 201: envelope(cashCount), ...problemResponses(400, 401, 403, 404, 409) },
      },
      app.requireRole('ROLE_ADMIN'),
    ),
    async (request, reply) =>
      reply.code(201).send(ok(await closeCashDay(app.db, request.user, request.body, app.businessClock))),
  );

  app.get(
    '/history',
    docs(
      {
        description:
          'Historial de cortes de un agente (administradores): cada día cerrado con lo esperado, lo ' +
          'contado, la diferencia, su tipo, la nota y el acumulado de diferencias hasta ese día; los más ' +
          'recientes primero. `totalDifference` suma todas las diferencias del agente.',
        querystring: cashCountHistoryQuery,
        response: { 200: cashCountHistory, ...problemResponses(400, 401, 403, 404) },
      },
      app.requireRole('ROLE_ADMIN'),
    ),
    (request) => listCashCountHistory(app.db, { ...request.query, countCap: app.listCountCap }),
  );

  app.get(
    '/history/export.csv',
    docs(
      {
        ...csvRouteDocs(
          'Historial de cortes de un agente en CSV (administradores): el mismo orden que la lista.',
        ),
        querystring: cashCountHistoryExportQuery,
      },
      app.requireRole('ROLE_ADMIN'),
    ),
    async (request, reply) =>
      sendCsv(reply, await cashCountHistoryCsv(app.db, request.query.agentId, app.config.businessTimeZone)),
  );
});
