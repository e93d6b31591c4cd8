import fastifyMultipart from '@fastify/multipart';
import {
  envelope,
  idParams,
  loanCatReply,
  paymentFolio,
  publicLoanDetail,
  publicLookupQuery,
  publicLookupResult,
  publicPaymentHeaders,
  publicPaymentReply,
  publicPaymentRequest,
  publicPaymentRequestReply,
} from '@prestaya/contracts';
import { retryAfterSeconds } from '@prestaya/domain';
import type { FastifyRequest } from 'fastify';
import { refuse } from '../../http/refusals.ts';
import { NO_AUTH, ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { takeUploadSlot } from '../../uploads/in-flight.ts';
import { publicLoanCat } from '../contract-documents/loan-cat.ts';
import { idempotencyOf, publicPaymentScope } from '../payments/idempotency.ts';
import { registerPayment } from '../payments/register.ts';
import { parsePaymentRequest, paymentUploadParts, receivePaymentUpload } from '../payments/upload.ts';
import { authoriseAgent, PinLockedProblem } from './authorise-agent.ts';
import { loanStatement } from './loan-statement.ts';
import { lookupLoan } from './lookup-loan.ts';
import { lookupProof, lookupProofKey, verifyLookupProof } from './lookup-proof.ts';
import { PUBLIC_RATE_LIMIT } from './messages.ts';
import { requestPublicPayment } from './request-payment.ts';

/** Per client IP, counted in PostgreSQL (plugins/rate-limit.ts), so the limit holds across servers. */
const limitPerClient = (name: string) => ({
  max: PUBLIC_RATE_LIMIT.max,
  timeWindow: PUBLIC_RATE_LIMIT.timeWindowMs,
  keyGenerator: (request: FastifyRequest) => `${name}:${request.ip}`,
  errorResponseBuilder: () => refuse('public.too_many_requests'),
});
/** Search and statement share one budget; the payment POST (PIN attempts) has its own. */
const LOOKUP_LIMIT = limitPerClient('public-lookup');
const PAYMENT_LIMIT = limitPerClient('public-payment');

/**
 * Routes of /public/api/v1 (docs/architecture.md "People and access"): no staff session. Lookups need the
 * loan number and the customer's phone together; the statement needs the loan's unguessable id; a payment
 * needs the `Authorization: Basic base64(userNum:pin)` of the customer's agent or an administrator
 * (PIN lockout: packages/domain/src/pin-lockout.ts). Everything is rate-limited per client IP.
 */
export const publicRoutes = taggedRoutes('public', async (app, docs) => {
  await app.register(fastifyMultipart);
  const proofKey = lookupProofKey(app.config.jwtSecret);

  app.get(
    '/loans/search',
    {
      ...docs({
        security: NO_AUTH,
        description:
          'Consulta pública: el préstamo solo si su número y el teléfono (10 dígitos) del cliente ' +
          'coinciden y no está cancelado; si no, 404 "No se encontró el Préstamo" (igual si falla el ' +
          'número o el teléfono). Incluye lo pendiente de pago (como el personal) y `proof`, la prueba ' +
          'firmada de esta consulta (30 minutos) que el registro de pago con PIN debe devolver. Máx. 30 ' +
          'consultas por minuto por cliente (429).',
        querystring: publicLookupQuery,
        response: { 200: envelope(publicLookupResult), ...problemResponses(400, 404, 429) },
      }),
      config: { rateLimit: LOOKUP_LIMIT },
    },
    async (request) =>
      ok(await lookupLoan(app.db, request.query, (loanId) => lookupProof(proofKey, loanId, app.now()))),
  );

  app.get(
    '/loans/:id',
    {
      ...docs({
        security: NO_AUTH,
        description:
          'Estado de Cuenta de Préstamo: datos del préstamo y nombre del cliente, multas (no canceladas, ' +
          'por fecha) y pagos programados (por número). 404 "Préstamo no encontrado".',
        params: idParams,
        response: { 200: envelope(publicLoanDetail), ...problemResponses(400, 404, 429) },
      }),
      config: { rateLimit: LOOKUP_LIMIT },
    },
    async (request) => ok(await loanStatement(app.db, request.params.id)),
  );

  app.get(
    '/loans/:id/cat',
    {
      ...docs({
        security: NO_AUTH,
        description:
          'CAT del préstamo (sin IVA, para fines informativos) para el estado de cuenta público, en ' +
          'porcentaje con un decimal. 404 "Préstamo no encontrado".',
        params: idParams,
        response: { 200: loanCatReply, ...problemResponses(400, 404, 429) },
      }),
      config: { rateLimit: LOOKUP_LIMIT },
    },
    async (request) => ok(await publicLoanCat(app.db, request.params.id)),
  );

  app.post(
    '/loans/:id/payments',
    {
      ...docs({
        security: NO_AUTH,
        description:
          'Registro de Pago público: el mismo multipart que el del personal (parte `paymentRequest` con ' +
          '`paymentMethod` 0 = efectivo, 1 = transferencia, y la imagen `file` con transferencia), ' +
          'autorizado con `Authorization: Basic base64(numeroDeUsuario:PIN)` del agente asignado al ' +
          'cliente o de un administrador activo, y con `X-Lookup-Proof`: la `proof` de la consulta de ' +
          'este préstamo (sin ella, o vencida, 403 "Busque de nuevo el préstamo…" sin evaluar el PIN). ' +
          'Otro número (agente no asignado, inexistente): 403 sin evaluar el PIN. Solo cuentan los PIN ' +
          'incorrectos de esos intentos: 401 "Autorización inválida…"; 5 en 15 minutos bloquean el par ' +
          '(número, préstamo) 15 minutos, y 5 desde una dirección bloquean ese número para esa dirección ' +
          '15 minutos: 423 "PIN bloqueado por demasiados intentos; intente de nuevo a las HH:MM" con ' +
          '`Retry-After`. 20 en una hora contra un número se reportan a los administradores (auditoría e ' +
          'indicador en Usuarios), sin bloquear al agente. Máx. 30 intentos por minuto por cliente (429). ' +
          'Con `Idempotency-Key`, repetir la misma solicitud con la misma clave (24 h) devuelve el mismo ' +
          'pago (201); con otra solicitud, 422.',
        multipart: paymentUploadParts(publicPaymentRequest),
        params: idParams,
        headers: publicPaymentHeaders,
        response: {
          201: envelope(publicPaymentReply),
          ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422, 423, 429, 503),
        },
      }),
      config: { rateLimit: PAYMENT_LIMIT },
      // Uploads in flight per address and overall, decided before the body or the credential is read.
      onRequest: takeUploadSlot,
    },
    async (request, reply) => {
      // The credential first: an unauthorised request never has its upload read.
      const authorisedBy = await authoriseAgent(
        app.db,
        request.params.id,
        request.headers.authorization,
        request.headers['x-lookup-proof'],
        { clientAddress: request.ip, now: app.now, timeZone: app.config.businessTimeZone, proofKey },
      ).catch((error: unknown) => {
        if (error instanceof PinLockedProblem)
          reply.header('retry-after', String(retryAfterSeconds(error.until, app.now())));
        throw error;
      });
      const upload = await receivePaymentUpload(request);
      const created = await registerPayment(app.db, {
        loanId: request.params.id,
        request: parsePaymentRequest(upload.paymentRequest, publicPaymentRequest),
        file: upload.file,
        registeredBy: authorisedBy.id,
        // Re-checked on the locked loan row: the customer's agent or an administrator.
        actor: authorisedBy,
        channel: 'PUBLIC',
        today: app.businessClock.today(),
        idempotency: idempotencyOf(request.headers, publicPaymentScope(request.params.id, authorisedBy.id)),
      });
      return reply.code(201).send(
        ok({
          id: created.id,
          folio: paymentFolio(created.loan.num, created.id),
          amount: created.amount,
          status: created.status,
          createdOn: created.createdOn,
        }),
      );
    },
  );

  app.post(
    '/loans/:id/payment-requests',
    {
      ...docs({
        security: NO_AUTH,
        description:
          'Pago sin PIN: el mismo multipart que el Registro de Pago público, con `X-Lookup-Proof` (la ' +
          '`proof` de la consulta de este préstamo; sin ella 403) y sin credencial. El pago queda ' +
          'esperando a que el agente del cliente (o un administrador) lo autorice desde su sesión, hasta ' +
          'un día; se revisan ya las reglas del pago (400/409). A lo más 3 esperando por préstamo (409). ' +
          'Máx. 30 intentos por minuto por cliente, junto con el registro con PIN (429).',
        multipart: paymentUploadParts(publicPaymentRequest),
        params: idParams,
        headers: publicPaymentHeaders,
        response: {
          201: envelope(publicPaymentRequestReply),
          ...problemResponses(400, 403, 404, 409, 413, 415, 429),
        },
      }),
      config: { rateLimit: PAYMENT_LIMIT },
    },
    async (request, reply) => {
      // The proof first: a request without it never has its upload read.
      if (!verifyLookupProof(proofKey, request.params.id, request.headers['x-lookup-proof'], app.now()))
        throw refuse('public.lookup_required');
      const upload = await receivePaymentUpload(request);
      const created = await requestPublicPayment(app.db, {
        loanId: request.params.id,
        request: parsePaymentRequest(upload.paymentRequest, publicPaymentRequest),
        file: upload.file,
        now: app.now(),
      });
      return reply.code(201).send(ok(created));
    },
  );
});
