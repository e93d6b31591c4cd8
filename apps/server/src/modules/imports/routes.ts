import { PassThrough } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  bookImportReply,
  bookImportsReply,
  type ImportRunEvent,
  idParams,
  importRunRequest,
} from '@prestaya/contracts';
import { readStoredFile } from '../../db/stored-files.ts';
import { HttpProblem } from '../../errors.ts';
import { contentDisposition } from '../../http/file-reply.ts';
import { refuse } from '../../http/refusals.ts';
import { ok, problemResponses, rawBody, taggedRoutes } from '../../http/responses.ts';
import { takeUploadSlot } from '../../uploads/in-flight.ts';
import { checkImport } from './check.ts';
import { listImports, loadImport, loadImportRow } from './queries.ts';
import { rejectedRowsCsv } from './rejected.ts';
import { prepareRun, runImport } from './run.ts';
import { importTemplate } from './template.ts';
import { importUploadParts, receiveImportUpload } from './upload.ts';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * /api/v1/imports — 'Importar' (administrators only; an agent gets 403): an existing book of customers
 * and loans in progress from an XLSX or CSV file. Upload = dry run (nothing of the book is written);
 * run = all rows or only the valid ones, in one transaction, its progress streamed.
 */
export const importsRoutes = taggedRoutes('imports', async (app, docs) => {
  await app.register(fastifyMultipart);
  const adminOnly = app.requireRole('ROLE_ADMIN');
  const today = () => app.businessClock.today();

  app.get(
    '/template.xlsx',
    docs(
      {
        description: 'La plantilla XLSX: encabezados en español y una hoja Instrucciones con cada columna.',
        produces: [XLSX],
        response: { 200: rawBody('La plantilla', 'binary'), ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async (_request, reply) =>
      reply
        .type(XLSX)
        .header('content-disposition', contentDisposition('attachment', 'plantilla-importacion.xlsx'))
        .header('cache-control', 'no-store')
        .send(await importTemplate()),
  );

  app.get(
    '/',
    docs(
      {
        description: 'Las importaciones más recientes (50), con sus conteos.',
        response: { 200: bookImportsReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await listImports(app.db)),
  );

  app.post(
    '/',
    {
      ...docs({
        description:
          'Revisa un archivo (multipart/form-data, parte `file`: XLSX o CSV UTF-8, máx. 20 MB y 50,000 ' +
          'filas) sin escribir clientes ni préstamos: cada problema con su fila y columna, y los conteos. ' +
          'Guarda el archivo para ejecutarlo y descargarlo después. Un archivo ilegible (otro tipo, ' +
          'fórmulas, vacío, otra codificación, celdas o filas de más) es 4xx y no se guarda.',
        multipart: importUploadParts,
        response: { 201: bookImportReply, ...problemResponses(400, 401, 403, 413, 415, 429, 503) },
      }),
      onRequest: [adminOnly, takeUploadSlot],
    },
    async (request, reply) => {
      const upload = await receiveImportUpload(request);
      return reply.code(201).send(ok(await checkImport(app.db, request.user.id, upload, today())));
    },
  );

  app.get(
    '/:id',
    docs(
      {
        description: 'Una importación con sus problemas (los primeros 500).',
        params: idParams,
        response: { 200: bookImportReply, ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request) => ok(await loadImport(app.db, request.params.id)),
  );

  app.get(
    '/:id/file',
    docs(
      {
        description: 'El archivo tal como se subió.',
        params: idParams,
        produces: [XLSX, 'text/csv'],
        response: { 200: rawBody('El archivo', 'binary'), ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request, reply) => {
      const row = await loadImportRow(app.db, request.params.id);
      const file = await readStoredFile(app.db, row.fileId);
      if (!file) throw refuse('import.not_found');
      return reply
        .type(file.contentType)
        .header('content-disposition', contentDisposition('attachment', row.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store')
        .send(file.bytes);
    },
  );

  app.get(
    '/:id/rejected.csv',
    docs(
      {
        description: "Las filas rechazadas, con sus celdas originales y una columna 'errores' (CSV UTF-8).",
        params: idParams,
        produces: ['text/csv'],
        response: { 200: rawBody('Las filas rechazadas'), ...problemResponses(400, 401, 403, 404) },
      },
      adminOnly,
    ),
    async (request, reply) => {
      const csv = await rejectedRowsCsv(app.db, request.params.id, today());
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', csv.name))
        .header('cache-control', 'no-store')
        .send(csv.body);
    },
  );

  app.post(
    '/:id/run',
    {
      // Each progress line must reach the screen as it is written: a compressor would hold them.
      compress: false,
      ...docs(
        {
          description:
            'Ejecuta la importación: `mode` ALL (todo o nada: 409 si hay filas con errores) o VALID (solo ' +
            'las filas válidas), en una transacción. Responde application/x-ndjson: líneas ' +
            '{"type":"progress","processed","total"} y al final {"type":"done","import"} o ' +
            '{"type":"error","status","detail"} (nada escrito). Las filas ya importadas (id_externo) no se ' +
            'escriben de nuevo.',
          params: idParams,
          body: importRunRequest,
          produces: ['application/x-ndjson'],
          response: { 200: rawBody('Progreso (NDJSON)'), ...problemResponses(400, 401, 403, 404, 409) },
        },
        adminOnly,
      ),
    },
    async (request, reply) => {
      const prepared = await prepareRun(app.db, request.params.id, request.body.mode, today());
      const stream = new PassThrough();
      const send = (event: ImportRunEvent) => {
        stream.write(`${JSON.stringify(event)}\n`);
      };
      const actorId = request.user.id;
      void runImport(app.db, actorId, prepared, {
        timeZone: app.config.businessTimeZone,
        onProgress: (processed, total) => send({ type: 'progress', processed, total }),
      })
        .then((done) => send({ type: 'done', import: done }))
        .catch((error: unknown) => {
          if (!(error instanceof HttpProblem)) request.log.error({ err: error }, 'import run failed');
          const status = error instanceof HttpProblem ? error.status : 500;
          const detail =
            error instanceof HttpProblem ? error.detail : 'La importación falló; no se escribió nada';
          send({ type: 'error', status, detail });
        })
        .finally(() => stream.end());
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('x-accel-buffering', 'no')
        .send(stream);
    },
  );
});
