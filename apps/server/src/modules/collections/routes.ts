import { collectionsPage, collectionsQuery } from '@prestaya/contracts';
import { problemResponses, taggedRoutes } from '../../http/responses.ts';
import { collectionDay } from './due-loans.ts';
import { listCollections } from './list.ts';

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
});
