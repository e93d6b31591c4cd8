import type { FastifyRequest, FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';

const CENSOR = '[redactado]';

/**
 * Paths whose last segment is a secret: a password reset link's token, in the page's URL
 * (`/auth/reset/<token>`) and in the API's (`/api/v1/auth/password-reset/<token>`).
 */
const SECRET_SEGMENT = /(\/auth\/reset\/|\/auth\/password-reset\/)[^/?#]*/gi;

/**
 * Query parameters whose value opens something: a session token put in the URL (refused, but still a
 * token), a signed file link's proof and its expiry (http/signed-links.ts), and any credential a
 * client might send there by mistake. Names are compared case-insensitively after percent-decoding.
 */
const SECRET_PARAMS = new Set([
  'access_token',
  'token',
  'signature',
  'sig',
  'expires',
  'password',
  'pin',
  'code',
]);

const decodedName = (name: string) => {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
};

/** `query` with the value of every secret parameter replaced, everything else as it came. */
function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const name = equals < 0 ? pair : pair.slice(0, equals);
      return SECRET_PARAMS.has(decodedName(name)) ? `${name}=${CENSOR}` : pair;
    })
    .join('&');
}

/** A request URL as the log may show it: no secret path segment, no secret query value. */
export function loggableUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  const question = url.indexOf('?');
  const path = (question < 0 ? url : url.slice(0, question)).replace(SECRET_SEGMENT, `$1${CENSOR}`);
  return question < 0 ? path : `${path}?${redactQuery(url.slice(question + 1))}`;
}

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
