import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import {
  documentFor,
  fillLandingSlots,
  PUBLIC_PAGE_NAMES,
  publicPageDocument,
  SERVER_PATHS,
} from '@prestaya/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppDb } from '../db/client.ts';
import { readBusinessSettings } from '../modules/settings/business-settings.ts';
import { setNotFoundProblem } from './errors.ts';

const NO_CACHE = 'no-cache';
/** Vite puts content-hashed files under /assets: their URL changes whenever their content does. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A public statement's address, and the public API read its page makes first (modules/public). */
const STATEMENT_PAGE = /^\/loans\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;
const statementData = (loanId: string) => `/public/api/v1/loans/${loanId}`;

/**
 * The Link header that has the browser fetch a statement's data with the document, while the page's
 * scripts download: without it the request waits for them to run. The page's own fetch is then
 * answered from the preload, so the server still reads the loan once. Only a well-formed id is echoed.
 */
export function statementPreload(path: string): string | undefined {
  const loanId = STATEMENT_PAGE.exec(path)?.[1];
  return loanId ? `<${statementData(loanId)}>; rel=preload; as=fetch; crossorigin=anonymous` : undefined;
}

/** The landing's document: the server writes the business's data into it (fillLandingSlots). */
const LANDING_DOCUMENT = publicPageDocument('landing');

/** A browser navigation to a client-side route (e.g. /admin/users, /consulta) gets an HTML document. */
export function isSpaNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  // Unknown paths the server owns are API 404s, not a document.
  if (SERVER_PATHS.test(path)) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web app when `webDist/index.html` exists. Returns the SPA fallback for the
 * not-found handler, or undefined when there is nothing to serve (API-only runs and most tests).
 */
async function serveWebApp(app: FastifyInstance, webDist: string) {
  if (!existsSync(join(webDist, 'index.html'))) return undefined;
  // A document missing from the build (index.html alone, or public.html without the pages) falls back
  // to the generic one, which renders any page.
  const present = (document: string) => existsSync(join(webDist, document));
  const hasPublicDocument = present('public.html');
  const pageDocuments = new Set<string>(PUBLIC_PAGE_NAMES.map(publicPageDocument).filter(present));
  // index.html for the back office and Login; each of the borrower's pages has its own prerendered
  // document (apps/web/pages), its code preloaded so a phone paints it before any script runs; any
  // other path is the borrower's 404, public.html (@prestaya/contracts web-documents.ts).
  // The landing ships without scripts (apps/web src/public/prerender.tsx), so its contact section is
  // filled here, from the one settings row, on every request: no request after the page, nothing
  // moves once painted, and a saved change shows on the next visit on every server. The build's
  // template is read once; it changes only with a new build, which restarts the server.
  let landingTemplate: Promise<string> | undefined;
  const landingPage = async (db: AppDb) => {
    landingTemplate ??= readFile(join(webDist, LANDING_DOCUMENT), 'utf8');
    const [template, settings] = await Promise.all([landingTemplate, readBusinessSettings(db)]);
    return fillLandingSlots(template, settings);
  };
  const sendDocument = async (reply: FastifyReply, path: string) => {
    let document: string = hasPublicDocument ? documentFor(path) : 'index.html';
    if (document.startsWith('pages/') && !pageDocuments.has(document)) document = 'public.html';
    const preload = statementPreload(path);
    if (preload) reply.header('link', preload);
    reply.header('cache-control', NO_CACHE);
    if (document === LANDING_DOCUMENT) {
      return reply.type('text/html; charset=utf-8').send(await landingPage(app.db));
    }
    return reply.sendFile(document);
  };
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
  app.get('/', { schema: { hide: true } }, (_request, reply) => sendDocument(reply, '/'));
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!isSpaNavigation(request)) return undefined;
    return sendDocument(reply, request.url.split('?', 1)[0] ?? '/');
  };
}

/**
 * What a URL no route serves gets: a browser navigation the web app's document (when it is built),
 * anything else the 404 problem. Registered after every route.
 */
async function webApp(app: FastifyInstance, { webDist }: { webDist: string }) {
  setNotFoundProblem(app, await serveWebApp(app, webDist));
}

export const webAppPlugin = fp(webApp, { name: 'prestaya-web-app' });
