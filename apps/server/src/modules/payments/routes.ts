import fastifyMultipart from '@fastify/multipart';
import {
  envelope,
  fee,
  feeCancellation,
  idempotencyHeaders,
  idParams,
  MAX_LIST_RANGE_DAYS,
  PROOF_CONTENT_TYPES,
  paged,
  paymentDetails,
  paymentExportQuery,
  paymentListItem,
  paymentListQuery,
  paymentRequest,
  paymentStatusUpdate,
  payoffQuote,
  pendingPayments,
  uuid,
  z,
} from '@prestaya/contracts';
import { asListQuery, csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { fileReplyHeaders } from '../../http/file-reply.ts';
import { refuse } from '../../http/refusals.ts';
import { NO_AUTH, ok, problemResponses, rawBody, taggedRoutes } from '../../http/responses.ts';
import { signedLinkQuery } from '../../http/signed-links.ts';
import { takeUploadSlot } from '../../uploads/in-flight.ts';
import { attachmentLinkKey, verifyAttachmentLink } from './attachment-links.ts';
import { decidePayment } from './decide.ts';
import { getPaymentDetails, openAttachment } from './details.ts';
import { paymentsCsv } from './export.ts';
import { cancelFee, listLoanFees } from './fees.ts';
import { idempotencyOf, staffPaymentScope } from './idempotency.ts';
import { listLoanPayments, listPayments } from './list.ts';
import { getPayoffQuote } from './payoff.ts';
import { pendingPayments as pendingPaymentsOf } from './pending.ts';
import { registerPayment } from './register.ts';
import { parsePaymentRequest, paymentUploadParts, receivePaymentUpload } from './upload.ts';

/**
 * Routes of /api/v1/payments: 'Pagos Recibidos', its export and the decisions (ROLE_ADMIN: 403 for
 * agents); PaymentDetails, which an agent may read for the payments access.ts lets them see; and the
 * proof-image links, which are anonymous (an <img> sends no Bearer) and guarded by their signature.
 */
export const paymentsRoutes = taggedRoutes('payments', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');
  const linkKey = attachmentLinkKey(app.config.jwtSecret);

  app.get(
    '/',
    docs(
      {
        description:
          'Pagos Recibidos (administradores). `q` filtra por estatus (PAID, VALIDATING, REJECTED, ' +
          'CANCELLED); `query` busca por número de préstamo, nombre del cliente (sin distinguir ' +
          'acentos) o el inicio de su CURP; `from`/`to` (AAAA-MM-DD, días de la zona del negocio, ' +
          `ambos incluidos, a lo más ${MAX_LIST_RANGE_DAYS} días) acotan la fecha de registro. Más ` +
          'recientes primero; `orderBy` admite createdOn, amount, status.',
        querystring: paymentListQuery,
        response: { 200: paged(paymentListItem), ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    (request) =>
      listPayments(app.db, { ...request.query, countCap: app.listCountCap }, app.config.businessTimeZone),
  );

  // CSV export of 'Pagos Recibidos'. A static path: it wins over the '/:id' routes.
  app.get(
    '/export.csv',
    docs(
      {
        ...csvRouteDocs(
          'Pagos Recibidos en CSV (administradores): la misma búsqueda, filtro, fechas y orden.',
        ),
        querystring: paymentExportQuery,
      },
      adminOnly,
    ),
    (request, reply) =>
      sendCsv(reply, paymentsCsv(app.db, asListQuery(request.query), app.config.businessTimeZone)),
  );

  app.get(
    '/:id/details',
    docs({
      description:
        'Detalle del pago (solo lectura): resumen, motivo del rechazo, conceptos (Pago con su fecha de ' +
        'vencimiento, Multa con su fecha), totales y comprobantes con un enlace firmado válido 10 ' +
        'minutos. Los administradores ven cualquier pago; un agente, los que registró y los de los ' +
        'préstamos de sus clientes (404 para cualquier otro).',
      params: idParams,
      response: { 200: envelope(paymentDetails), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await getPaymentDetails(app.db, request.user, request.params.id, linkKey)),
  );

  app.patch(
    '/:id',
    docs(
      {
        description:
          'Administradores. `{status: PAID, targetAccountId}` confirma el pago (Abono en la cuenta, ' +
          'conceptos pagados, préstamo recalculado; `reason` no se admite). `{status: REJECTED, reason}` ' +
          'lo rechaza: el motivo (3 a 300 caracteres) es obligatorio, queda en el pago y en la ' +
          'auditoría, y se muestra en el detalle; los conceptos vuelven a pendiente o atrasado. Solo ' +
          'desde Validando (409).',
        params: idParams,
        body: paymentStatusUpdate,
        response: { 200: envelope(paymentListItem), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(
        await decidePayment(app.db, request.user, request.params.id, request.body, app.businessClock.today()),
      ),
  );

  app.get(
    '/attachments/:attachmentId',
    {
      config: { anonymous: true },
      schema: {
        tags: ['payments'],
        description:
          'Imagen del comprobante, solo con el enlace firmado que da el detalle del pago (403 sin firma ' +
          'válida o vencida).',
        security: NO_AUTH,
        params: z.object({ attachmentId: uuid }),
        querystring: signedLinkQuery,
        produces: PROOF_CONTENT_TYPES,
        response: { 200: rawBody('La imagen del comprobante', 'binary'), ...problemResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { attachmentId } = request.params;
      const { expires, signature } = request.query;
      const valid = verifyAttachmentLink(
        linkKey,
        attachmentId,
        typeof expires === 'string' ? expires : undefined,
        typeof signature === 'string' ? signature : undefined,
      );
      if (!valid) throw refuse('attachment.link_invalid');
      const file = await openAttachment(app.db, attachmentId);
      return reply.headers(fileReplyHeaders(file, null, 'comprobante')).send(file.bytes);
    },
  );
});

const loanFeeParams = z.object({ id: uuid, feeId: uuid });

/**
 * Routes of /api/v1/loans/:id/{pending-payments,fees,payments}. Who sees which loan is the loans rule
 * (an agent: their customers' loans; another agent's loan is 404 'Préstamo no encontrado'). Cancelling
 * a fee is ROLE_ADMIN. @fastify/multipart is registered in this scope only (registration upload).
 */
export const loanPaymentsRoutes = taggedRoutes('payments', async (app, docs) => {
  await app.register(fastifyMultipart);
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/pending-payments',
    docs({
      description:
        'Lo que se puede pagar: pagos programados pendientes o atrasados (por número), multas ' +
        'pendientes y el total (todas las multas + todos los pagos listados).',
      params: idParams,
      response: { 200: envelope(pendingPayments), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await pendingPaymentsOf(app.db, request.user, request.params.id)),
  );

  app.get(
    '/payoff-quote',
    docs({
      description:
        'Liquidación anticipada: la cotización del día de negocio (lo que resta de cada pago pendiente, ' +
        'las multas pendientes y el descuento del producto sobre el interés aún no vencido). Un pago con ' +
        '`payoff` igual a `total` liquida el préstamo. 409 si el préstamo no está al corriente o ' +
        'atrasado, o tiene un pago en validación.',
      params: idParams,
      response: { 200: envelope(payoffQuote), ...problemResponses(400, 401, 404, 409) },
    }),
    async (request) =>
      ok(await getPayoffQuote(app.db, request.user, request.params.id, app.businessClock.today())),
  );

  app.get(
    '/fees',
    docs({
      description: 'Multas del préstamo (todas), por fecha.',
      params: idParams,
      response: { 200: envelope(z.array(fee)), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await listLoanFees(app.db, request.user, request.params.id)),
  );

  app.put(
    '/fees/:feeId/cancel',
    docs(
      {
        description:
          'Cancela (condona) una multa pendiente (administradores) con `{reason}`: el motivo (3 a 300 ' +
          'caracteres) queda en la multa y en la auditoría, y se muestra en las multas del préstamo. ' +
          '409 si no está pendiente.',
        params: loanFeeParams,
        body: feeCancellation,
        response: { 200: envelope(fee), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(
        await cancelFee(
          app.db,
          request.user,
          request.params.id,
          request.params.feeId,
          request.body.reason,
          app.businessClock.today(),
        ),
      ),
  );

  // The specification's call for the same cancellation: the reason in the body, the same replies.
  app.delete(
    '/fees/:feeId',
    docs(
      {
        description:
          'Cancela una multa pendiente como `PUT …/fees/{feeId}/cancel` (administradores), con `{reason}` ' +
          'en el cuerpo (3 a 300 caracteres). 409 si no está pendiente.',
        params: loanFeeParams,
        body: feeCancellation,
        response: { 200: envelope(fee), ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async ({ user, params, body }) =>
      ok(await cancelFee(app.db, user, params.id, params.feeId, body.reason, app.businessClock.today())),
  );

  app.get(
    '/payments',
    docs({
      description: 'Lista de Pagos del préstamo, más recientes primero.',
      params: idParams,
      response: { 200: envelope(z.array(paymentListItem)), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await listLoanPayments(app.db, request.user, request.params.id)),
  );

  app.post(
    '/payments',
    {
      ...docs({
        description:
          'Registro de Pago (multipart/form-data): parte `paymentRequest` (JSON {scheduledPaymentIds, ' +
          'feeIds, paymentMethod}, como parte application/json o campo de texto) y, solo con TRANSFER, ' +
          'una parte `file` con la imagen del comprobante (JPG, PNG, WebP o HEIC por contenido, máx. ' +
          '10 MB). El monto lo calcula el servidor. El pago queda en Validando. `collectedAt` (opcional): ' +
          'cuándo se cobró, para un cobro enviado después (sin señal); es la fecha del pago en el corte de ' +
          'caja y los reportes; se rechaza (400) si pasa la hora actual por más de ' +
          'COLLECTED_AT_MAX_SKEW_MINUTES o es de hace más de COLLECTED_AT_MAX_AGE_DAYS días. Con `Idempotency-Key`, ' +
          'repetir la misma solicitud con la misma clave (24 h) devuelve el mismo pago (201), nunca un ' +
          '409; la misma clave con otra solicitud es 422.',
        multipart: paymentUploadParts(paymentRequest),
        params: idParams,
        headers: idempotencyHeaders,
        response: {
          201: envelope(paymentListItem),
          ...problemResponses(400, 401, 404, 409, 413, 415, 422, 429, 503),
        },
      }),
      onRequest: takeUploadSlot,
    },
    async (request, reply) => {
      const upload = await receivePaymentUpload(request);
      const created = await registerPayment(app.db, {
        loanId: request.params.id,
        request: parsePaymentRequest(upload.paymentRequest),
        file: upload.file,
        registeredBy: request.user.id,
        channel: 'STAFF',
        actor: request.user,
        today: app.businessClock.today(),
        idempotency: idempotencyOf(request.headers, staffPaymentScope(request.user.id)),
        collectedAtBounds: {
          now: app.businessClock.now(),
          limits: app.config.collectedAtLimits,
          timeZone: app.businessClock.timeZone,
        },
      });
      return reply.code(201).send(ok(created));
    },
  );
});
