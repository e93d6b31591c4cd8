import {
  accountTransaction,
  bankAccount,
  bankAccountCreate,
  envelope,
  idParams,
  paged,
  pagedQuery,
  transactionParams,
} from '@prestaya/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asListQuery, csvRouteDocs, listExportQuery } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { problemResponses } from '../../http/responses.ts';
import { movementBody } from './schemas.ts';
import {
  accountTransactionsCsv,
  bankAccountsCsv,
  createBankAccount,
  getAccountTransaction,
  getBankAccount,
  listAccountTransactions,
  listBankAccounts,
  moveMoney,
} from './service.ts';

/**
 * Bank accounts and their ledger: ROLE_ADMIN only, enforced here for every route of the module.
 * Money travels in pesos; the service converts to centavos. Ledger refusals (short balance) are 409.
 */
export const bankAccountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRole('ROLE_ADMIN'));

  app.get(
    '/',
    {
      schema: {
        tags: ['bank-accounts'],
        querystring: pagedQuery,
        response: { 200: paged(bankAccount), ...problemResponses(400, 401, 403) },
      },
    },
    (request) => listBankAccounts(app.db, request.query),
  );

  // CSV exports of the accounts list and of one account's ledger. Static segments: they win
  // over '/:id' and '/:id/transactions/:transactionId'.
  app.get(
    '/export.csv',
    {
      schema: {
        ...csvRouteDocs(
          'bank-accounts',
          'Cuentas Bancarias en CSV (administradores): la misma búsqueda y orden que la lista.',
        ),
        querystring: listExportQuery,
      },
    },
    (request, reply) =>
      sendCsv(reply, bankAccountsCsv(app.db, asListQuery(request.query), app.config.businessTimeZone)),
  );

  app.get(
    '/:id/transactions/export.csv',
    {
      schema: {
        ...csvRouteDocs(
          'bank-accounts',
          'Movimientos de la cuenta en CSV (administradores), más recientes primero.',
        ),
        params: idParams,
        querystring: listExportQuery,
      },
    },
    async (request, reply) =>
      sendCsv(
        reply,
        await accountTransactionsCsv(
          app.db,
          request.params.id,
          asListQuery(request.query),
          app.config.businessTimeZone,
        ),
      ),
  );

  app.post(
    '/',
    {
      schema: {
        tags: ['bank-accounts'],
        body: bankAccountCreate,
        response: { 201: envelope(bankAccount), ...problemResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const created = await createBankAccount(app.db, request.user.id, request.body);
      return reply.code(201).send({ status: 'OK', data: created });
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['bank-accounts'],
        params: idParams,
        response: { 200: envelope(bankAccount), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ status: 'OK' as const, data: await getBankAccount(app.db, request.params.id) }),
  );

  app.patch(
    '/:id',
    {
      schema: {
        tags: ['bank-accounts'],
        description:
          '`{withdrawal, reason}` records a Retiro (both balances −x, refused with 409 when x exceeds the ' +
          'available balance); `{deposit, reason}` a Depósito (both balances +x). Returns the account.',
        params: idParams,
        body: movementBody,
        response: { 200: envelope(bankAccount), ...problemResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await moveMoney(app.db, request.user.id, request.params.id, request.body),
    }),
  );

  app.get(
    '/:id/transactions',
    {
      schema: {
        tags: ['bank-accounts'],
        description: 'The account ledger, newest first.',
        params: idParams,
        querystring: pagedQuery,
        response: { 200: paged(accountTransaction), ...problemResponses(400, 401, 403, 404) },
      },
    },
    (request) => listAccountTransactions(app.db, request.params.id, request.query),
  );

  app.get(
    '/:id/transactions/:transactionId',
    {
      schema: {
        tags: ['bank-accounts'],
        params: transactionParams,
        response: { 200: envelope(accountTransaction), ...problemResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await getAccountTransaction(app.db, request.params.id, request.params.transactionId),
    }),
  );
};
