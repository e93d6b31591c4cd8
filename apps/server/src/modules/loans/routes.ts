import {
  envelope,
  idParams,
  loan,
  loanApprove,
  loanCreate,
  loanExportQuery,
  loanListQuery,
  loanUpdate,
  paged,
  pagedQuery,
  restructurePreview,
  restructurePreviewQuery,
  restructureRequest,
  restructureResult,
  restructuring,
  scheduledPayment,
  z,
} from '@prestaya/contracts';
import { asListQuery, csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { activateLoan } from './activate.ts';
import { approveLoan } from './approve.ts';
import { createLoan } from './create.ts';
import { getLoan, listScheduledPayments } from './details.ts';
import { loansCsv } from './export.ts';
import { listCustomerLoans, listLoans } from './list.ts';
import { listRestructurings, previewRestructure, restructureLoan } from './restructure.ts';
import { updateLoan } from './update.ts';

/**
 * Routes of /api/v1/loans, for signed-in staff (the /api/v1 hook authenticates). Who sees which loan is
 * decided in the service (access.ts: the loans of a customer the actor sees; another agent's loan is a
 * 404). The global list, approving and delivering are ROLE_ADMIN (403 for agents, before the body is
 * even read); status, requestDate and loanFromPast edits are checked per field in the service.
 * Money travels in pesos; the service converts to centavos.
 */
export const loansRoutes = taggedRoutes('loans', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/',
    docs(
      {
        description:
          'Lista Global de Préstamos (administradores). `q` filtra por cualquier estatus (PENDING, ' +
          'APPROVED, ACTIVE, PAID, DELAYED, CANCELLED); `query` busca por número de préstamo, nombre y ' +
          'apellidos del cliente (sin distinguir acentos) o el inicio de su CURP. Más recientes primero.',
        querystring: loanListQuery,
        response: { 200: paged(loan), ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    (request) => listLoans(app.db, request.user, { ...request.query, countCap: app.listCountCap }),
  );

  // CSV export of the global list above. A static path: it wins over '/:id' below.
  app.get(
    '/export.csv',
    docs(
      {
        ...csvRouteDocs(
          'Lista Global de Préstamos en CSV (administradores): la misma búsqueda, filtro y orden.',
        ),
        querystring: loanExportQuery,
      },
      adminOnly,
    ),
    (request, reply) =>
      sendCsv(reply, loansCsv(app.db, request.user, asListQuery(request.query), app.config.businessTimeZone)),
  );

  app.get(
    '/:id',
    docs({ params: idParams, response: { 200: envelope(loan), ...problemResponses(400, 401, 404) } }),
    async (request) => ok(await getLoan(app.db, request.user, request.params.id)),
  );

  app.put(
    '/:id',
    docs({
      description:
        'Monto, plazo y multa diaria solo en espera (409 después). Estatus, fecha de solicitud y ' +
        '"Préstamo ya iniciado" solo administradores. Único cambio manual de estatus: cancelar un ' +
        'préstamo en espera o aprobado (este último libera la reserva).',
      params: idParams,
      body: loanUpdate,
      response: { 200: envelope(loan), ...problemResponses(400, 401, 403, 404, 409) },
    }),
    async (request) =>
      ok(await updateLoan(app.db, request.user, request.params.id, request.body, app.businessClock.today())),
  );

  app.put(
    '/:id/approve',
    docs(
      {
        description:
          'En espera → Aprobado. Reserva el monto en la cuenta elegida (Reserva); 409 si el saldo no ' +
          'alcanza. Un préstamo ya iniciado no mueve dinero y no requiere cuenta.',
        params: idParams,
        body: loanApprove,
        response: { 200: envelope(loan), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(await approveLoan(app.db, request.user, request.params.id, request.body, app.businessClock.today())),
  );

  app.put(
    '/:id/activate',
    docs(
      {
        description:
          'Aprobado → Activo: entrega del efectivo (Entrega) y calendario de 12 pagos semanales. ' +
          'Un préstamo ya iniciado no mueve dinero y su calendario parte de la fecha de solicitud.',
        params: idParams,
        response: { 200: envelope(loan), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(await activateLoan(app.db, request.user, request.params.id, app.businessClock.today())),
  );

  app.get(
    '/:id/restructure-preview',
    docs(
      {
        description:
          'Vista previa de una reestructura (administradores): los pagos sin pagar que se cierran, las ' +
          'multas (condonar o incluir) y los nuevos pagos semanales desde la próxima semana. No escribe nada.',
        params: idParams,
        querystring: restructurePreviewQuery,
        response: { 200: envelope(restructurePreview), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(
        await previewRestructure(
          app.db,
          request.user,
          request.params.id,
          request.query,
          app.businessClock.today(),
        ),
      ),
  );

  app.post(
    '/:id/restructure',
    docs(
      {
        description:
          'Reestructura (administradores), con motivo: lo que resta (multas condonadas o incluidas) en un ' +
          'nuevo número de pagos semanales desde la próxima semana; los pagos sin pagar quedan ' +
          '"Reestructurado" (cerrados, no borrados). 409 si el préstamo no está al corriente ni atrasado, ' +
          'no tiene pagos pendientes o tiene un pago en validación.',
        params: idParams,
        body: restructureRequest,
        response: { 201: envelope(restructureResult), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request, reply) => {
      const result = await restructureLoan(
        app.db,
        request.user,
        request.params.id,
        request.body,
        app.businessClock.today(),
      );
      return reply.code(201).send(ok(result));
    },
  );

  app.get(
    '/:id/restructurings',
    docs({
      description: 'Las reestructuras del préstamo, la primera primero, con quién y por qué.',
      params: idParams,
      response: { 200: envelope(z.array(restructuring)), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await listRestructurings(app.db, request.user, request.params.id)),
  );

  app.get(
    '/:id/scheduled-payments',
    docs({
      description: 'Los pagos programados del préstamo por número (vacío antes de la entrega).',
      params: idParams,
      response: { 200: envelope(z.array(scheduledPayment)), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await listScheduledPayments(app.db, request.user, request.params.id)),
  );
});

/** Routes of /api/v1/customers/:id/loans: a customer's loans and loan requests. */
export const customerLoansRoutes = taggedRoutes('loans', async (app, docs) => {
  app.get(
    '/',
    docs({
      description: 'Préstamos del cliente, más recientes primero.',
      params: idParams,
      querystring: pagedQuery,
      response: { 200: paged(loan), ...problemResponses(400, 401, 404) },
    }),
    (request) =>
      listCustomerLoans(app.db, request.user, request.params.id, {
        ...request.query,
        countCap: app.listCountCap,
      }),
  );

  app.post(
    '/',
    docs({
      description:
        'Solicitud de préstamo (En espera). El servidor fija la cuota semanal (10%) y el total a pagar. ' +
        'La fecha de solicitud y "Préstamo ya iniciado" solo para administradores. 409 si el cliente ' +
        'ya tiene un préstamo en curso.',
      params: idParams,
      body: loanCreate,
      response: { 201: envelope(loan), ...problemResponses(400, 401, 403, 404, 409) },
    }),
    async (request, reply) =>
      reply
        .code(201)
        .send(
          ok(
            await createLoan(
              app.db,
              request.user,
              request.params.id,
              request.body,
              app.businessClock.today(),
            ),
          ),
        ),
  );
});
