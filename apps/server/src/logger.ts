import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';

const CENSOR = '[redactado]';

/**
 * Paths whose last segment is a secret: a password reset link's token, in the page's URL
 * (`/auth/reset/<token>`) and in the API's (`/api/v1/auth/password-reset/<token>`).
 */
const SECRET_SEGMENT = /(\/auth\/reset\/|\/auth\/password-reset\/)[^/?#]*/gi;

/** A request URL as the log may show it. */
export const loggableUrl = (url: string | undefined) => url?.replace(SECRET_SEGMENT, `$1${CENSOR}`);

/**
 * Pino options for Fastify. Fastify logs method, URL and status, never bodies; the URL loses any
 * secret path segment, and redaction is the second line of defence for credentials that end up in a
 * logged object anyway.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): FastifyServerOptions['logger'] {
  const secrets = ['password', 'pin', 'access_token', 'passwordHash', 'pinHash', 'token'];
  return {
    level: config.logLevel,
    // Fastify's own request serializer, with the URL made loggable (it also meets plain objects logged
    // under `req`).
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: loggableUrl(typeof request.url === 'string' ? request.url : undefined),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...secrets,
        ...secrets.map((key) => `*.${key}`),
        ...secrets.map((key) => `*.*.${key}`),
      ],
      censor: CENSOR,
    },
  };
}
