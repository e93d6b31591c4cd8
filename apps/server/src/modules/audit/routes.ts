import {
  auditExportQuery,
  auditPage,
  auditQuery,
  entityHistory,
  entityHistoryParams,
} from '@prestaya/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { csvRouteDocs } from '../../csv/route.ts';
import { sendCsv } from '../../csv/send.ts';
import { problemResponses } from '../../http/responses.ts';
import { auditCsv, entityHistory as historyOf, listAudit } from './service.ts';

/**
 * /api/v1/audit — the audit trail (administrators) and each record's history ('Historial' on customer,
 * loan and payment details; any staff member, scoped by the record's own access rule).
 */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  const adminOnly = app.requireRole('ROLE_ADMIN');

  app.get(
    '/',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['audit'],
        description:
          'Bitácora de cambios (administradores), más recientes primero. Filtros: entity, entityId, ' +
          'userId y from/to (días en la zona horaria del negocio, ambos incluidos).',
        querystring: auditQuery,
        response: { 200: auditPage, ...problemResponses(400, 401, 403) },
      },
    },
    (request) => listAudit(app.db, request.query, app.config.businessTimeZone),
  );

  app.get(
    '/export.csv',
    {
      onRequest: adminOnly,
      schema: {
        ...csvRouteDocs(
          'audit',
          'Bitácora en CSV (administradores): los mismos filtros y orden que la lista.',
        ),
        querystring: auditExportQuery,
      },
    },
    (request, reply) => sendCsv(reply, auditCsv(app.db, request.query, app.config.businessTimeZone)),
  );

  app.get(
    '/:entity/:entityId',
    {
      schema: {
        tags: ['audit'],
        description:
          'Historial de un cliente (con sus domicilios), préstamo (con sus multas) o pago, más recientes ' +
          'primero, hasta 200 cambios. Un agente solo ve los de sus clientes (404 si no).',
        params: entityHistoryParams,
        response: { 200: entityHistory, ...problemResponses(400, 401, 404) },
      },
    },
    async (request) => ({
      status: 'OK' as const,
      data: await historyOf(app.db, request.user, request.params),
    }),
  );
};
