import { envelope, idempotencyHeaders, idParams, visit, visitRequest, z } from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { listCustomerVisits, listLoanVisits } from './list.ts';
import { recordVisit } from './record.ts';

/**
 * Routes of /api/v1/loans/:id/visits: what happened at the customer's door ('No estaba', 'Promesa de
 * pago', 'Se negó'). Who may record or read a loan's visits is the loans rule: the customer's agent or
 * an administrator; another agent's loan is 404 'Préstamo no encontrado'.
 */
export const loanVisitsRoutes = taggedRoutes('visits', async (app, docs) => {
  const day = () => ({ today: app.businessClock.today(), timeZone: app.businessClock.timeZone });

  app.get(
    '/',
    docs({
      description:
        'Visitas del préstamo, más recientes primero (hasta 100); cada promesa con su estado: cumplida ' +
        'cuando los pagos registrados desde la visita hasta el fin del día prometido (en validación o ' +
        'confirmados) suman el monto prometido.',
      params: idParams,
      response: { 200: envelope(z.array(visit)), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await listLoanVisits(app.db, request.user, request.params.id, day())),
  );

  app.post(
    '/',
    docs({
      description:
        'Registra una visita: `outcome` NOT_HOME (No estaba), PROMISE (Promesa de pago: `promisedDate` ' +
        'del día de la visita a 30 días después y `promisedAmount` de $0.01 al saldo del préstamo) o ' +
        'REFUSED (Se negó), `note` opcional (300 caracteres) y `visitedAt`, el momento en el teléfono ' +
        '(ISO 8601; dentro de los mismos límites que la hora de un cobro: COLLECTED_AT_MAX_SKEW_MINUTES ' +
        'adelante de la hora del servidor, 5 por omisión, y COLLECTED_AT_MAX_AGE_DAYS atrás, 7 por omisión). Solo préstamos ' +
        'activos o atrasados (409). Con `Idempotency-Key`, repetir la misma visita con la misma clave ' +
        'devuelve la visita ya registrada (201), sin plazo; la misma clave con otra visita es 422.',
      params: idParams,
      headers: idempotencyHeaders,
      body: visitRequest,
      response: { 201: envelope(visit), ...problemResponses(400, 401, 404, 409, 422) },
    }),
    async (request, reply) => {
      const created = await recordVisit(app.db, {
        actor: request.user,
        loanId: request.params.id,
        request: request.body,
        idempotencyKey: request.headers['idempotency-key'],
        now: app.businessClock.now(),
        limits: app.config.collectedAtLimits,
        day: day(),
      });
      return reply.code(201).send(ok(created));
    },
  );
});

/** GET /api/v1/customers/:id/visits: the customer's history of visits (their agent or an administrator). */
export const customerVisitsRoutes = taggedRoutes('visits', async (app, docs) => {
  app.get(
    '/',
    docs({
      description:
        'Visitas del cliente en todos sus préstamos, más recientes primero (hasta 100), cada promesa con ' +
        'su estado. Un agente, solo sus clientes (404 para cualquier otro).',
      params: idParams,
      response: { 200: envelope(z.array(visit)), ...problemResponses(400, 401, 404) },
    }),
    async (request) =>
      ok(
        await listCustomerVisits(app.db, request.user, request.params.id, {
          today: app.businessClock.today(),
          timeZone: app.businessClock.timeZone,
        }),
      ),
  );
});
