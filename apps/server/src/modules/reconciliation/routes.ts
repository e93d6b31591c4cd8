import fastifyMultipart from '@fastify/multipart';
import {
  idParams,
  reconcileRequest,
  reconcileResultReply,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_ROWS,
  statementMapping,
  statementMappingReply,
  statementViewReply,
} from '@prestaya/contracts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { takeUploadSlot } from '../../uploads/in-flight.ts';
import { confirmStatementPairs } from './confirm.ts';
import { importStatement } from './import-statement.ts';
import { readStatementMapping, saveStatementMapping } from './mapping.ts';
import { receiveStatementUpload, statementUploadParts } from './upload.ts';
import { statementView } from './view.ts';

/**
 * /api/v1/reconciliation — 'Conciliación' (administrators only; an agent gets 403 on every route):
 * an account's statement columns, statements uploaded and matched to transfer payments in validation,
 * and the bulk confirmation of the chosen pairs into that account.
 */
export const reconciliationRoutes = taggedRoutes('reconciliation', async (app, docs) => {
  await app.register(fastifyMultipart);
  const adminOnly = app.requireRole('ROLE_ADMIN');
  const timeZone = app.config.businessTimeZone;

  app.get(
    '/accounts/:id/mapping',
    docs(
      {
        description: 'Columnas del estado de cuenta de la cuenta (null hasta que se configuran).',
        params: idParams,
        response: { 200: statementMappingReply, ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request) => ok(await readStatementMapping(app.db, request.params.id)),
  );

  app.put(
    '/accounts/:id/mapping',
    docs(
      {
        description:
          'Guarda las columnas del estado de cuenta de la cuenta (letras A…ZZ): fecha, concepto, ' +
          'referencia, importe con signo o abonos y cargos, tipo de movimiento opcional, formato de ' +
          'fecha, separador decimal, filas de encabezado y la ventana de días para emparejar (3 por omisión).',
        params: idParams,
        body: statementMapping,
        response: { 200: statementMappingReply, ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(await saveStatementMapping(app.db, request.user.id, request.params.id, request.body)),
  );

  app.post(
    '/accounts/:id/statements',
    {
      ...docs({
        description:
          `Carga un estado de cuenta (multipart/form-data, parte file: CSV UTF-8 o XLSX, máx. ` +
          `${STATEMENT_MAX_BYTES / 1024 / 1024} MB y ${STATEMENT_MAX_ROWS} movimientos) y lo lee con las ` +
          'columnas de la cuenta (409 si no están configuradas). Una línea ya cargada antes no se ' +
          'duplica. Responde el estado de cuenta con sus emparejamientos.',
        params: idParams,
        multipart: statementUploadParts,
        response: {
          201: statementViewReply,
          ...problemResponses(400, 401, 403, 404, 409, 413, 415, 429, 503),
        },
      }),
      onRequest: [adminOnly, takeUploadSlot],
    },
    async (request, reply) => {
      const file = await receiveStatementUpload(request);
      const uploadId = await importStatement(app.db, request.user.id, request.params.id, file);
      return reply.code(201).send(ok(await statementView(app.db, uploadId, timeZone)));
    },
  );

  app.get(
    '/statements/:id',
    docs(
      {
        description:
          'Un estado de cuenta cargado: sus abonos emparejados con pagos por transferencia en validación ' +
          '(confianza Alta, Media o Baja), los abonos sin pago, los cargos, las líneas ya conciliadas y ' +
          'los pagos en validación sin línea.',
        params: idParams,
        response: { 200: statementViewReply, ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request) => ok(await statementView(app.db, request.params.id, timeZone)),
  );

  app.post(
    '/statements/:id/confirm',
    docs(
      {
        description:
          'Confirma los pares elegidos (línea, pago) en la cuenta del estado de cuenta: cada pago se ' +
          'confirma como en Pagos y la línea queda usada. Un par que ya no procede (pago decidido en ' +
          'otra parte, línea ya usada, importe distinto) se omite y se informa.',
        params: idParams,
        body: reconcileRequest,
        response: { 200: reconcileResultReply, ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(
        await confirmStatementPairs(
          app.db,
          request.user,
          request.params.id,
          request.body,
          app.businessClock.today(),
        ),
      ),
  );
});
