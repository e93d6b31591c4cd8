import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { openApiTransforms } from '../http/openapi.ts';

export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI generated from the same zod schemas the routes validate with: UI at /api/docs, document at
 * /api/docs/json. Must be registered before the routes so it sees them. http/openapi.ts adds what the
 * routes do not say themselves (problem+json errors, the framework's statuses, multipart bodies).
 */
async function apiDocs(app: FastifyInstance) {
  const { transform, transformObject } = openApiTransforms();
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'PrestaYa API', version: '1.0.0', description: 'API de préstamos personales' },
      // Every operation needs the Bearer token unless it declares `security: []` (login, register, health).
      security: [{ bearerAuth: [] }],
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform,
    transformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    staticCSP: true,
    // Plain-HTTP deployments must keep working (see plugins/security.ts), and Swagger UI sets inline
    // styles from script, which its default style hashes do not cover.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/, '')
        .replace(/style-src [^;]*/, "style-src 'self' 'unsafe-inline'"),
  });
}

export const apiDocsPlugin = fp(apiDocs, { name: 'prestaya-api-docs' });
