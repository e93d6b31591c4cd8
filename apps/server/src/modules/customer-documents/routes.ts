import fastifyMultipart from '@fastify/multipart';
import {
  customerDocument,
  customerDocumentParams,
  DOCUMENT_CONTENT_TYPES,
  envelope,
  idParams,
  z,
} from '@prestaya/contracts';
import { fileReplyHeaders } from '../../http/file-reply.ts';
import { refuse } from '../../http/refusals.ts';
import { NO_AUTH, ok, problemResponses, rawBody, taggedRoutes } from '../../http/responses.ts';
import { signedLinkQuery, verifySignedLink } from '../../http/signed-links.ts';
import { takeUploadSlot } from '../../uploads/in-flight.ts';
import { createCustomerDocument } from './create.ts';
import { documentLinkKey } from './links.ts';
import { listCustomerDocuments, openDocumentFile } from './queries.ts';
import { deleteCustomerDocument } from './remove.ts';
import { documentUploadParts, receiveDocumentUpload } from './upload.ts';

/**
 * Routes of /api/v1/customers/:id/documents ('Documentos'). Who sees which customer is the customers
 * rule (an agent: their customers; another's is 404 'Cliente no encontrado'); deleting is ROLE_ADMIN.
 * The file itself is served anonymously to a valid signed link (an <img> or <iframe> sends no Bearer).
 * @fastify/multipart is registered in this scope only.
 */
export const customerDocumentsRoutes = taggedRoutes('customers', async (app, docs) => {
  await app.register(fastifyMultipart);
  const adminOnly = app.requireRole('ROLE_ADMIN');
  const linkKey = documentLinkKey(app.config.jwtSecret);

  app.get(
    '/',
    docs({
      description:
        'Documentos del cliente, más recientes primero, cada uno con un enlace firmado válido 10 minutos.',
      params: idParams,
      response: { 200: envelope(z.array(customerDocument)), ...problemResponses(400, 401, 404) },
    }),
    async (request) => ok(await listCustomerDocuments(app.db, request.user, request.params.id, linkKey)),
  );

  app.post(
    '/',
    {
      ...docs({
        description:
          'Sube un documento (multipart/form-data): `type` (INE_FRONT, INE_BACK, PROOF_OF_ADDRESS u OTHER), ' +
          '`description` opcional, `documentDate` (fecha del comprobante, requerida para ' +
          'PROOF_OF_ADDRESS, no futura) y una parte `file`: imagen JPG, PNG, WebP o HEIC, o PDF (por contenido), ' +
          'máx. 10 MB. Hasta 50 documentos por cliente (409).',
        multipart: documentUploadParts,
        params: idParams,
        response: {
          201: envelope(customerDocument),
          ...problemResponses(400, 401, 404, 409, 413, 415, 429, 503),
        },
      }),
      onRequest: takeUploadSlot,
    },
    async (request, reply) => {
      const upload = await receiveDocumentUpload(request);
      const today = app.businessClock.today();
      const { id } = request.params;
      const created = await createCustomerDocument(app.db, request.user, id, upload, linkKey, today);
      return reply.code(201).send(ok(created));
    },
  );

  app.delete(
    '/:documentId',
    docs(
      {
        description: 'Elimina el documento y su archivo (administradores); queda en la auditoría.',
        params: customerDocumentParams,
        response: {
          200: envelope(z.object({ id: z.string() })),
          ...problemResponses(400, 401, 403, 404),
        },
      },
      adminOnly,
    ),
    async (request) => {
      const { id, documentId } = request.params;
      await deleteCustomerDocument(app.db, request.user, id, documentId);
      return ok({ id: documentId });
    },
  );

  app.get(
    '/:documentId/file',
    {
      config: { anonymous: true },
      schema: {
        tags: ['customers'],
        description:
          'El archivo del documento, solo con el enlace firmado que da la lista (403 sin firma válida o ' +
          'vencida). Las imágenes (vueltas a codificar al subirlas) se muestran en línea; los PDF, HEIC y ' +
          'archivos anteriores se descargan como adjuntos.',
        security: NO_AUTH,
        params: customerDocumentParams,
        querystring: signedLinkQuery,
        produces: [...DOCUMENT_CONTENT_TYPES],
        response: { 200: rawBody('El archivo del documento', 'binary'), ...problemResponses(400, 403, 404) },
      },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      const { expires, signature } = request.query;
      if (!verifySignedLink(linkKey, documentId, expires, signature)) throw refuse('document.link_invalid');
      const file = await openDocumentFile(app.db, id, documentId);
      return reply.headers(fileReplyHeaders(file, file.filename, 'documento')).send(file.bytes);
    },
  );
});
