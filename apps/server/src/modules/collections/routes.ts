import {
  collectionsPage,
  collectionsQuery,
  collectionsWeek,
  collectionsWeekQuery,
} from '@prestaya/contracts';
import { problemResponses, taggedRoutes } from '../../http/responses.ts';
import { collectionDay } from './due-loans.ts';
import { listCollections } from './list.ts';
import { collectionsWeekSummary } from './week.ts';

/**
 * Routes of /api/v1/collections ('Cobranza'): every staff member; an agent gets their own customers'
 * loans (another agent's `agentId` is a 403), an administrator every agent's or one agent's.
 */
export const collectionsRoutes = taggedRoutes('collections', async (app, docs) => {
  app.get(
    '/',
    docs({
      description:
        'Cobranza: una tarjeta por préstamo activo o atrasado con algo por cobrar, en orden de ruta ' +
        '(código postal, colonia, apellido, nombre). `tab`: today (vence hoy o atrasado), week (vence ' +
        'a más tardar el domingo) u overdue (atrasado); las multas pendientes siempre se cobran. Lo ' +
        'que se debe sigue la regla del formulario de pago: pagos programados pendientes o atrasados, ' +
        'del más antiguo al más reciente, más todas las multas pendientes (no los que están en ' +
        'validación). `agentId` solo para administradores (sin él: todos los agentes); un agente ve ' +
        'sus propios clientes. `query` busca por nombre o teléfono del cliente (sin distinguir acentos) ' +
        'o por número de préstamo. `summary`: por cobrar hoy, cobrado hoy y cuántas tarjetas hay en ' +
        'cada pestaña, para todo el alcance (sin la búsqueda).',
      querystring: collectionsQuery,
      response: { 200: collectionsPage, ...problemResponses(400, 401, 403) },
    }),
    (request) =>
      listCollections(
        app.db,
        request.user,
        request.query,
        collectionDay(app.businessClock.today(), app.businessClock.timeZone),
      ),
  );
  app.get(
    '/summary',
    docs({
      description:
        'Semana de Cobranza: por agente, la semana de negocio (lunes a domingo) que contiene `week` ' +
        '(por omisión, la de hoy): cuotas que vencen (cuántas e importe) y cuántas ya se cobraron, lo ' +
        'cobrado por el agente (pagos en validación o pagados, por el día en que se cobró el efectivo), ' +
        'efectividad (lo cobrado de lo que venció entre lo que venció, en %; null si nada venció), ' +
        'visitas, visitas sin pago ese día, promesas hechas (cumplidas, incumplidas, pendientes) y las ' +
        'diferencias de los cortes de caja (faltante negativo, sobrante positivo). Un agente recibe sus ' +
        'propias cifras (otro `agentId`: 403); un administrador, cada agente activo lado a lado, o el que ' +
        'indique `agentId`.',
      querystring: collectionsWeekQuery,
      response: { 200: collectionsWeek, ...problemResponses(400, 401, 403, 404) },
    }),
    (request) =>
      collectionsWeekSummary(app.db, request.user, request.query, {
        today: app.businessClock.today(),
        timeZone: app.businessClock.timeZone,
      }),
  );
});
