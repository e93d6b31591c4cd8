import {
  envelope,
  idParams,
  loanWriteOffReply,
  paged,
  writeOff,
  writeOffExportQuery,
  writeOffListQuery,
  writeOffRequest,
  writeOffSettings,
  writeOffSettingsReply,
  writeOffTotalsReply,
} from '@prestaya/contracts';
import { asListQuery, csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { writeOffsCsv } from './export.ts';
import { getLoanWriteOff, listWriteOffs, writeOffTotals } from './list.ts';
import { readWriteOffSettings, updateWriteOffSettings } from './settings.ts';
import { writeOffLoan } from './write-off.ts';

/**
 * /api/v1/loans/{id}/write-off — 'Castigar' a loan (administrators) and read its write-off (whoever
 * sees the loan: the loan's details show it).
 */
export const loanWriteOffRoutes = taggedRoutes('write-offs', async (app, docs) => {
  app.post(
    '/',
    docs(
      {
        description:
          'Castiga un préstamo atrasado (administradores), con un motivo (3 a 300 caracteres): sale de ' +
          'la cartera activa y del PAR y deja de generar multas. Solo si su pago pendiente más antiguo ' +
          'tiene al menos los días de atraso de la política (90 por omisión, GET /write-offs/settings) ' +
          'y no tiene pagos en validación (409 si no). Los pagos posteriores se registran como ' +
          'recuperación.',
        params: idParams,
        body: writeOffRequest,
        response: { 201: envelope(writeOff), ...problemResponses(400, 401, 403, 404, 409) },
      },
      app.requireRole('ROLE_ADMIN'),
    ),
    async (request, reply) => {
      const written = await writeOffLoan(
        app.db,
        request.user,
        request.params.id,
        request.body.reason,
        app.businessClock.today(),
      );
      return reply.code(201).send(ok(written));
    },
  );

  app.get(
    '/',
    docs({
      description:
        'El castigo del préstamo (monto, motivo, fecha, quién, lo recuperado), o null si no está ' +
        'castigado. Para quien ve el préstamo.',
      params: idParams,
      response: { 200: loanWriteOffReply, ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await getLoanWriteOff(app.db, request.user, request.params.id)),
  );
});

/** /api/v1/write-offs — 'Cartera castigada' and the write-off policy (administrators). */
export const writeOffsRoutes = taggedRoutes('write-offs', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');
  const timeZone = app.config.businessTimeZone;

  app.get(
    '/',
    docs(
      {
        description:
          'Cartera castigada (administradores): préstamo, cliente, monto castigado, fecha, motivo y lo ' +
          'recuperado. `query` busca por cliente o número de préstamo; `from`/`to`, el día del castigo. ' +
          'Más recientes primero.',
        querystring: writeOffListQuery,
        response: { 200: paged(writeOff), ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    (request) => listWriteOffs(app.db, { ...request.query, countCap: app.listCountCap }, timeZone),
  );

  app.get(
    '/export.csv',
    docs(
      {
        ...csvRouteDocs('Cartera castigada en CSV (administradores): la misma búsqueda, fechas y orden.'),
        querystring: writeOffExportQuery,
      },
      adminOnly,
    ),
    (request, reply) => sendCsv(reply, writeOffsCsv(app.db, asListQuery(request.query), timeZone)),
  );

  app.get(
    '/totals',
    docs(
      {
        description:
          'Totales de la cartera castigada (administradores): préstamos, monto castigado, recuperado.',
        response: { 200: writeOffTotalsReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await writeOffTotals(app.db)),
  );

  app.get(
    '/settings',
    docs(
      {
        description:
          'Política de castigo (administradores): días de atraso mínimos del pago pendiente más antiguo ' +
          'para castigar un préstamo (90 por omisión).',
        response: { 200: writeOffSettingsReply, ...problemResponses(401, 403) },
      },
      adminOnly,
    ),
    async () => ok(await readWriteOffSettings(app.db)),
  );

  app.put(
    '/settings',
    docs(
      {
        description: 'Guarda la política de castigo (administradores): de 1 a 3650 días de atraso.',
        body: writeOffSettings,
        response: { 200: writeOffSettingsReply, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    async (request) => ok(await updateWriteOffSettings(app.db, request.user.id, request.body)),
  );
});
