import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers for the API and the SPA. The CSP allows only our own scripts; styles may be inline
 * because Mantine injects <style> tags; images may be data:/blob: for proof-image previews. No
 * upgrade-insecure-requests: the app is also served over plain HTTP on 127.0.0.1 and LANs.
 * Swagger UI sets its own CSP on /api/docs (plugins/docs.ts).
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
  },
};

/**
 * The headers helmet sets for these options, worked out once: with no nonces nothing in them depends
 * on the request, and @fastify/helmet would rebuild helmet and reparse the CSP on every request.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): [string, string][] {
  const headers: [string, string][] = [];
  const response = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every reply gets them, errors and 404s included: set on the raw response, as helmet itself does. */
async function securityHeadersHook(app: FastifyInstance) {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}

export const securityHeadersPlugin = fp(securityHeadersHook, { name: 'prestaya-security-headers' });
