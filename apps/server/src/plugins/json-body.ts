import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { badRequest } from '../errors.ts';
import { decodeUtf8, INVALID_UTF8_DETAIL } from '../files/utf8.ts';

/**
 * The JSON body parser. Fastify refuses `Content-Type: application/json` with an empty body; some
 * clients send that header on body-less POSTs (token refresh), so an empty body becomes `undefined`:
 * routes without a body accept it and routes with one answer the usual 400 "El cuerpo de la solicitud
 * es requerido". The bytes are decoded as strict UTF-8 (files/utf8.ts): there is no field to name
 * yet when they are broken, so the 400 says it is the body.
 */
async function emptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : decodeUtf8(body);
    if (text === undefined) {
      done(badRequest(INVALID_UTF8_DETAIL, [{ field: 'body', message: INVALID_UTF8_DETAIL }]), undefined);
      return;
    }
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });
}

export const jsonBodyPlugin = fp(emptyJsonBodies, { name: 'prestaya-json-body' });
