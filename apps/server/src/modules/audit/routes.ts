import {
  auditExportQuery,
  auditPage,
  auditQuery,
  entityHistory,
  entityHistoryParams,
} from '@prestaya/contracts';
import { csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { ok, problemResponses, taggedRoutes } from '../../http/responses.ts';
import { entityHistory as historyOf } from './entity-history.ts';
import { auditCsv } from './export.ts';
import { listAudit } from './list-audit.ts';

/**
 * /api/v1/audit — the audit trail (administrators) and each record's history ('Historial' on customer,
 * loan and payment details; any staff member, scoped by the record's own access rule).
 */
export const auditRoutes = taggedRoutes('audit', async (app, docs) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/',
    docs(
      {
        description:
          'Bitácora de cambios (administradores), más recientes primero. Filtros: entity, entityId, ' +
          'userId y from/to (días en la zona horaria del negocio, ambos incluidos).',
        querystring: auditQuery,
        response: { 200: auditPage, ...problemResponses(400, 401, 403) },
      },
      adminOnly,
    ),
    (request) =>
      listAudit(app.db, { ...request.query, countCap: app.listCountCap }, app.config.businessTimeZone),
  );

  app.get(
    '/export.csv',
    docs(
      {
        ...csvRouteDocs('Bitácora en CSV (administradores): los mismos filtros y orden que la lista.'),
        querystring: auditExportQuery,
      },
      adminOnly,
    ),
    (request, reply) => sendCsv(reply, auditCsv(app.db, request.query, app.config.businessTimeZone)),
  );

  app.get(
    '/:entity/:entityId',
    docs({
      description:
        'Historial de un cliente (con sus domicilios), préstamo (con sus multas) o pago, más recientes ' +
        'primero, hasta 200 cambios. Un agente solo ve los de sus clientes (404 si no).',
      params: entityHistoryParams,
      response: { 200: entityHistory, ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await historyOf(app.db, request.user, request.params)),
  );
});
