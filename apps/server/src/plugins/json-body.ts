import type { FastifyInstance } from 'fastify';

/**
 * Fastify refuses `Content-Type: application/json` with an empty body. Some clients send that header on
 * body-less POSTs (token refresh), so an empty body becomes `undefined`: routes without a body accept
 * it and routes with one answer the usual 400 "El cuerpo de la solicitud es requerido".
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString(); // already a string with parseAs 'string'; the type also allows Buffer
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}
