import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths the SPA never owns: unknown ones there are API 404s, not the app shell. */
const SERVER_PREFIXES = ['/api/', '/public/api/'];
const SERVER_PATHS = ['/api', '/public/api', '/health'];

const NO_CACHE = 'no-cache';
/** Vite puts content-hashed files under /assets: their URL changes whenever their content does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A browser navigation to a client-side route (e.g. /admin/users) gets index.html. */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (SERVER_PATHS.includes(path) || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app when `webDist/index.html` exists. Returns the SPA fallback for the
 * not-found handler, or undefined when there is nothing to serve (API-only runs and most tests).
 */
export async function registerWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) return undefined;
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : NO_CACHE);
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSpaNavigation(request)) return undefined;
    return reply.header('cache-control', NO_CACHE).sendFile('index.html');
  };
}
