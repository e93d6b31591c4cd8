import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config.ts';

/**
 * Pino options for Fastify. Fastify logs method, URL and status, never bodies; redaction is the second
 * line of defence for credentials that end up in a logged object anyway.
 */
export function loggerOptions(config: Pick<AppConfig, 'logLevel'>): FastifyServerOptions['logger'] {
  const secrets = ['password', 'pin', 'access_token', 'passwordHash', 'pinHash'];
  return {
    level: config.logLevel,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        ...secrets,
        ...secrets.map((key) => `*.${key}`),
        ...secrets.map((key) => `*.*.${key}`),
      ],
      censor: '[redactado]',
    },
  };
}
