import {
  address,
  addressInput,
  addressParams,
  customer,
  customerInput,
  customerListItem,
  envelope,
  idParams,
  paged,
  pagedQuery,
} from '@prestaya/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asListQuery, csvRouteDocs, listExportQuery } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { problemResponses } from '../../http/responses.ts';
import { createAddress, deleteAddress, updateAddress } from './addresses.ts';
import { createCustomer, customersCsv, getCustomer, listCustomers, updateCustomer } from './service.ts';

/**
 * Customers and their addresses, for every signed-in staff member (the /api/v1 hook authenticates).
 * Who sees which customer is decided in the service (access.ts): another agent's customer is a 404.
 */
export const customersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        tags: ['customers'],
        querystring: pagedQuery,
        response: { 200: paged(customerListItem), ...problemResponses(400, 401) },
      },
    },
    (request) => listCustomers(app.db, request.user, request.query),
  );

  // CSV export of the list above. A static path: it wins over '/:id' below.
  app.get(
    '/export.csv',
    {
      schema: {
        ...csvRouteDocs(
          'customers',
          'Clientes en CSV: la misma búsqueda, filtro y orden que la lista; un agente solo los suyos.',
        ),
        querystring: listExportQuery,
      },
    },
    (request, reply) =>
      sendCsv(
        reply,
        customersCsv(app.db, request.user, asListQuery(request.query), app.config.businessTimeZone),
      ),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['customers'],
        body: customerInput,
        response: { 201: envelope(customer), ...problemResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const created = await createCustomer(app.db, request.user, request.body);
      return reply.code(201).send({ status: 'OK', data: created });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['customers'],
        params: idParams,
        response: { 200: envelope(customer), ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await getCustomer(app.db, request.user, request.params.id),
    }),
  );

  app.put(
    '/:id',
    {
      schema: {
        tags: ['customers'],
        params: idParams,
        body: customerInput,
        response: { 200: envelope(customer), ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await updateCustomer(app.db, request.user, request.params.id, request.body),
    }),
  );

  app.post(
    '/:id/addresses',
    {
      schema: {
        tags: ['customers'],
        params: idParams,
        body: addressInput,
        response: { 201: envelope(address), ...problemResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const created = await createAddress(app.db, request.user, request.params.id, request.body);
      return reply.code(201).send({ status: 'OK', data: created });
    },
  );

  app.put(
    '/:id/addresses/:addressId',
    {
      schema: {
        tags: ['customers'],
        params: addressParams,
        body: addressInput,
        response: { 200: envelope(address), ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await updateAddress(
        app.db,
        request.user,
        request.params.id,
        request.params.addressId,
        request.body,
      ),
    }),
  );

  app.delete(
    '/:id/addresses/:addressId',
    {
      schema: {
        tags: ['customers'],
        params: addressParams,
        response: { 200: envelope(address), ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await deleteAddress(app.db, request.user, request.params.id, request.params.addressId),
    }),
  );
};
