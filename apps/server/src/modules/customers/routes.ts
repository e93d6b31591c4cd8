import {
  address,
  addressInput,
  addressParams,
  customer,
  customerEditInput,
  customerExportQuery,
  customerInput,
  customerListItem,
  customerListQuery,
  envelope,
  idParams,
  paged,
} from '@prestaya/contracts';
import { asListQuery, csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { createAddress, deleteAddress, updateAddress } from './addresses.ts';
import { createCustomer } from './create-customer.ts';
import { customersCsv } from './export.ts';
import { getCustomer } from './get-customer.ts';
import { listCustomers } from './list.ts';
import { updateCustomer } from './update-customer.ts';

/**
 * Customers and their addresses, for every signed-in staff member (the /api/v1 hook authenticates).
 * Who sees which customer is decided in the service (access.ts): another agent's customer is a 404.
 */
export const customersRoutes = taggedRoutes('customers', async (app, docs) => {
  app.get(
    '/',
    docs({
      description:
        'Clientes (un agente solo los suyos), con su agente y el préstamo que resume su estatus y saldo ' +
        '(`currentLoan`: el abierto, si no el más reciente no cancelado; null sin préstamo). `query` ' +
        'busca por nombre, apellidos o teléfono (sin distinguir acentos), por el inicio de la CURP y, ' +
        'si es numérico, por número de cliente; `q` filtra por estatus del cliente. `orderBy` admite ' +
        'num (por omisión), name, lastName, phone, createdOn, status (por la etiqueta en español del ' +
        "estatus del préstamo; sin préstamo: 'Sin préstamo') y balance (sin préstamo cuenta como 0).",
      querystring: customerListQuery,
      response: { 200: paged(customerListItem), ...problemResponses(400, 401) },
    }),
    (request) => listCustomers(app.db, request.user, { ...request.query, countCap: app.listCountCap }),
  );

  // CSV export of the list above. A static path: it wins over '/:id' below.
  app.get(
    '/export.csv',
    docs({
      ...csvRouteDocs(
        'Clientes en CSV con cada columna de la lista (No., Nombre, Teléfono, CURP, Agente, Estatus, ' +
          'Saldo, Alta): la misma búsqueda, filtro y orden; un agente solo los suyos.',
      ),
      querystring: customerExportQuery,
    }),
    (request, reply) =>
      sendCsv(
        reply,
        customersCsv(app.db, request.user, asListQuery(request.query), app.config.businessTimeZone),
      ),
  );

  app.post(
    '/',
    docs({
      body: customerInput,
      response: { 201: envelope(customer), ...problemResponses(400, 401, 403, 409) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(await createCustomer(app.db, request.user, request.body, { today: app.businessClock.today() })),
        ),
  );

  app.get(
    '/:id',
    docs({ params: idParams, response: { 200: envelope(customer), ...problemResponses(400, 401, 404) } }),
    async (request) =>
      ok(await getCustomer(app.db, request.user, request.params.id, app.businessClock.today())),
  );

  app.put(
    '/:id',
    docs({
      params: idParams,
      body: customerEditInput,
      response: { 200: envelope(customer), ...problemResponses(400, 401, 403, 404, 409) },
    }),
    async (request) =>
      ok(
        await updateCustomer(app.db, request.user, request.params.id, request.body, {
          today: app.businessClock.today(),
        }),
      ),
  );

  app.post(
    '/:id/addresses',
    docs({
      params: idParams,
      body: addressInput,
      response: { 201: envelope(address), ...problemResponses(400, 401, 404) },
    }),
    async (request, reply) =>
      reply.code(201).send(ok(await createAddress(app.db, request.user, request.params.id, request.body))),
  );

  app.put(
    '/:id/addresses/:addressId',
    docs({
      params: addressParams,
      body: addressInput,
      response: { 200: envelope(address), ...problemResponses(400, 401, 404) },
    }),
    async (request) => {
      const { id, addressId } = request.params;
      return ok(await updateAddress(app.db, request.user, id, addressId, request.body));
    },
  );

  app.delete(
    '/:id/addresses/:addressId',
    docs({ params: addressParams, response: { 200: envelope(address), ...problemResponses(400, 401, 404) } }),
    async (request) =>
      ok(await deleteAddress(app.db, request.user, request.params.id, request.params.addressId)),
  );
});
