import fastifyMultipart from '@fastify/multipart';
import {
  amlCaseClose,
  amlCaseListQuery,
  amlCaseOpen,
  amlCasePage,
  amlCaseReply,
  amlListReply,
  amlListsReply,
  amlMatchListQuery,
  amlMatchPage,
  amlMatchReply,
  amlQuarterQuery,
  amlRelevantOperationsReply,
  amlResolveRequest,
  amlSettings,
  amlSettingsReply,
  idParams,
} from '@prestaya/contracts';
import { csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { takeUploadSlot } from '../../uploads/in-flight.ts';
import { listAmlCases } from './cases.ts';
import { closeAmlCase } from './close-case.ts';
import { relevantOperationsCsv } from './export.ts';
import { importAmlList } from './import-list.ts';
import { listAmlLists } from './lists.ts';
import { listAmlMatches } from './matches.ts';
import { openAmlCase } from './open-case.ts';
import { relevantOperations } from './relevant-operations.ts';
import { resolveAmlMatch } from './resolve.ts';
import { readAmlSettings, updateAmlSettings } from './settings.ts';
import { listUploadParts, receiveListUpload } from './upload.ts';

/**
 * /api/v1/aml — 'PLD' (docs/compliance.md): blocked-persons lists and their matches, relevant
 * cash operations and unusual-operation cases. Administrators only: an agent gets 403 on every route.
 */
export const amlRoutes = taggedRoutes('aml', async (app, docs) => {
  await app.register(fastifyMultipart);
  const adminOnly = app.requireRole('ROLE_ADMIN');
  const timeZone = app.config.businessTimeZone;

  app.get(
    '/lists',
    docs(
      {
        description: 'Listas de personas bloqueadas importadas, más recientes primero (administradores).',
        response: { 200: amlListsReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await listAmlLists(app.db)),
  );

  app.post(
    '/lists',
    {
      ...docs({
        description:
          'Importa una lista de personas bloqueadas (multipart/form-data): `name` y `file`, un CSV UTF-8 ' +
          '(con o sin BOM, separado por comas o punto y coma, máx. 5 MB y 50,000 filas) con las columnas ' +
          'nombre, curp, rfc, lista y fecha (AAAA-MM-DD o DD/MM/AAAA). Todo o nada: cualquier fila con ' +
          'errores rechaza el archivo (400, cada error con su fila y columna). Después revisa a todos los ' +
          'clientes contra la lista.',
        multipart: listUploadParts,
        response: { 201: amlListReply, ...problemResponses(400, 401, 403, 413, 415, 429, 503) },
      }),
      onRequest: [adminOnly, takeUploadSlot],
    },
    async (request, reply) => {
      const upload = await receiveListUpload(request);
      return reply.code(201).send(ok(await importAmlList(app.db, request.user.id, upload)));
    },
  );

  app.get(
    '/matches',
    docs(
      {
        description:
          'Coincidencias de clientes con las listas (administradores), paginadas: pendientes (las más ' +
          'antiguas primero, con su plazo de 24 h para reportar) o resueltas (las más recientes primero).',
        querystring: amlMatchListQuery,
        response: { 200: amlMatchPage, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    (request) => listAmlMatches(app.db, { ...request.query, countCap: app.listCountCap }, app.now()),
  );

  app.put(
    '/matches/:id/resolve',
    docs(
      {
        description:
          'Resuelve una coincidencia con un motivo (3 a 300 caracteres): el cliente deja de estar detenido.',
        params: idParams,
        body: amlResolveRequest,
        response: { 200: amlMatchReply, ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(await resolveAmlMatch(app.db, request.user.id, request.params.id, request.body.reason, app.now())),
  );

  app.get(
    '/settings',
    docs(
      {
        description: 'Umbrales de operaciones relevantes en efectivo (una operación y el mes por cliente).',
        response: { 200: amlSettingsReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await readAmlSettings(app.db)),
  );

  app.put(
    '/settings',
    docs(
      {
        description: 'Guarda los umbrales de operaciones relevantes, en pesos (administradores).',
        body: amlSettings,
        response: { 200: amlSettingsReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) => ok(await updateAmlSettings(app.db, request.user.id, request.body)),
  );

  app.get(
    '/relevant-operations',
    docs(
      {
        description:
          'Operaciones relevantes del trimestre: pagos confirmados en efectivo desde el umbral por ' +
          'operación, y clientes cuyo efectivo de un mes llega al umbral mensual.',
        querystring: amlQuarterQuery,
        response: { 200: amlRelevantOperationsReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) => ok(await relevantOperations(app.db, request.query, timeZone)),
  );

  app.get(
    '/relevant-operations/export.csv',
    docs(
      {
        ...csvRouteDocs('Operaciones relevantes del trimestre en CSV (administradores).'),
        querystring: amlQuarterQuery,
      },
      adminOnly,
    ),
    async (request, reply) => sendCsv(reply, await relevantOperationsCsv(app.db, request.query, timeZone)),
  );

  app.get(
    '/cases',
    docs(
      {
        description: 'Casos de operación inusual, más recientes primero, paginados (administradores).',
        querystring: amlCaseListQuery,
        response: { 200: amlCasePage, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    (request) => listAmlCases(app.db, { ...request.query, countCap: app.listCountCap }),
  );

  app.post(
    '/cases',
    docs(
      {
        description:
          'Abre un caso de operación inusual sobre un cliente (`customerNum`) o un pago (`paymentId`), ' +
          'con una descripción.',
        body: amlCaseOpen,
        response: { 201: amlCaseReply, ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request, reply) =>
      reply.code(201).send(ok(await openAmlCase(app.db, request.user.id, request.body))),
  );

  app.put(
    '/cases/:id/close',
    docs(
      {
        description: 'Cierra un caso de operación inusual con su conclusión.',
        params: idParams,
        body: amlCaseClose,
        response: { 200: amlCaseReply, ...problemResponses(400, 401, 403, 404, 409) },
      },
      adminOnly,
    ),
    async (request) =>
      ok(await closeAmlCase(app.db, request.user.id, request.params.id, request.body.conclusion)),
  );
});
