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

/** The back office and Login are index.html; every other page is the borrower's document, public.html. */
export function documentFor(path: string): 'index.html' | 'public.html' {
  return /^\/(admin|auth)(\/|$)/.test(path) ? 'index.html' : 'public.html';
}

/** A browser navigation to a client-side route (e.g. /admin/users, /consulta) gets an HTML document. */
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
  // Builds before the public entry existed have only index.html: it then serves every page.
  const hasPublicDocument = existsSync(join(webDist, 'public.html'));
  await app.register(fastifyStatic, {
    root: webDist,
    prefix: '/',
    wildcard: true,
    cacheControl: false,
    // Vite writes .br and .gz beside each asset: sent when the browser accepts them.
    preCompressed: true,
    // '/' is a page like any other: the HTML fallback below picks its document.
    index: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.includes('/assets/') ? IMMUTABLE : NO_CACHE);
    },
  });
  // The home page: the static plugin would answer '/' with a directory error (index: false).
  app.get('/', { schema: { hide: true } }, (_request, reply) =>
    reply.header('cache-control', NO_CACHE).sendFile(hasPublicDocument ? documentFor('/') : 'index.html'),
  );
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSpaNavigation(request)) return undefined;
    const path = request.url.split('?', 1)[0] ?? '/';
    const document = hasPublicDocument ? documentFor(path) : 'index.html';
    return reply.header('cache-control', NO_CACHE).sendFile(document);
  };
}
