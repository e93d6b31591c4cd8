import {
  accountTransaction,
  accountTransactionExportQuery,
  accountTransactionListQuery,
  bankAccount,
  bankAccountCreate,
  envelope,
  idParams,
  MAX_LIST_RANGE_DAYS,
  paged,
  pagedQuery,
  transactionParams,
} from '@prestaya/contracts';
import { asListQuery, csvRouteDocs, listExportQuery } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { createBankAccount } from './create-bank-account.ts';
import { accountTransactionsCsv, bankAccountsCsv } from './export.ts';
import { getBankAccount } from './get-bank-account.ts';
import { getAccountTransaction } from './get-transaction.ts';
import { listBankAccounts } from './list-bank-accounts.ts';
import { listAccountTransactions } from './list-transactions.ts';
import { moveMoney } from './move-money.ts';
import { movementBody } from './schemas.ts';

/**
 * Bank accounts and their ledger: ROLE_ADMIN only, enforced here for every route of the module.
 * Money travels in pesos; the service converts to centavos. Ledger refusals (short balance) are 409.
 */
export const bankAccountsRoutes = taggedRoutes('bank-accounts', async (app, docs) => {
  app.addHook('onRequest', app.requireRole('ROLE_ADMIN'));

  app.get(
    '/',
    docs({
      querystring: pagedQuery,
      response: { 200: paged(bankAccount), ...problemResponses(400, 401, 403) },
    }),
    (request) => listBankAccounts(app.db, { ...request.query, countCap: app.listCountCap }),
  );

  // CSV exports of the accounts list and of one account's ledger. Static segments: they win
  // over '/:id' and '/:id/transactions/:transactionId'.
  app.get(
    '/export.csv',
    docs({
      ...csvRouteDocs('Cuentas Bancarias en CSV (administradores): la misma búsqueda y orden que la lista.'),
      querystring: listExportQuery,
    }),
    (request, reply) =>
      sendCsv(reply, bankAccountsCsv(app.db, asListQuery(request.query), app.config.businessTimeZone)),
  );

  app.get(
    '/:id/transactions/export.csv',
    docs({
      ...csvRouteDocs(
        'Movimientos de la cuenta en CSV (administradores): los mismos filtros que la lista, más recientes primero.',
      ),
      params: idParams,
      querystring: accountTransactionExportQuery,
    }),
    async (request, reply) => {
      const query = asListQuery(request.query);
      const csv = await accountTransactionsCsv(app.db, request.params.id, query, app.config.businessTimeZone);
      return sendCsv(reply, csv);
    },
  );

  app.post(
    '/',
    docs({
      body: bankAccountCreate,
      response: { 201: envelope(bankAccount), ...problemResponses(400, 401, 403) },
    }),
    async (request, reply) =>
      reply.code(201).send(ok(await createBankAccount(app.db, request.user.id, request.body))),
  );

  app.get(
    '/:id',
    docs({
      params: idParams,
      response: { 200: envelope(bankAccount), ...problemResponses(400, 401, 403, 404) },
    }),
    async (request) => ok(await getBankAccount(app.db, request.params.id)),
  );

  app.patch(
    '/:id',
    docs({
      description:
        '`{withdrawal, reason}` records a Retiro (both balances −x, refused with 409 when x exceeds the ' +
        'available balance); `{deposit, reason}` a Depósito (both balances +x). Returns the account.',
      params: idParams,
      body: movementBody,
      response: { 200: envelope(bankAccount), ...problemResponses(400, 401, 403, 404, 409) },
    }),
    async (request) => ok(await moveMoney(app.db, request.user.id, request.params.id, request.body)),
  );

  app.get(
    '/:id/transactions',
    docs({
      description:
        'Movimientos de la cuenta, más recientes primero. `q` filtra por tipo (PAYMENT_DEPOSIT, ' +
        'WITHDRAWAL, VIRTUAL_WITHDRAWAL, MANUAL_WITHDRAWAL, DEPOSIT, RELEASE); `from`/`to` ' +
        '(AAAA-MM-DD, días de la zona del negocio, ambos incluidos, a lo más ' +
        `${MAX_LIST_RANGE_DAYS} días) acotan la fecha del movimiento.`,
      params: idParams,
      querystring: accountTransactionListQuery,
      response: { 200: paged(accountTransaction), ...problemResponses(400, 401, 403, 404) },
    }),
    (request) =>
      listAccountTransactions(
        app.db,
        request.params.id,
        { ...request.query, countCap: app.listCountCap },
        app.config.businessTimeZone,
      ),
  );

  app.get(
    '/:id/transactions/:transactionId',
    docs({
      params: transactionParams,
      response: { 200: envelope(accountTransaction), ...problemResponses(400, 401, 403, 404) },
    }),
    async (request) => {
      const { id, transactionId } = request.params;
      return ok(await getAccountTransaction(app.db, id, transactionId));
    },
  );
});
