/**
 * Which HTML document a browser navigation gets: the one rule the server (apps/server
 * plugins/web-app.ts), the dev server and the staff app's service worker (apps/web/vite.config.ts) and
 * the public pages' router (apps/web/src/public) all follow.
 * - /admin and /auth are the back office and Login: index.html, the staff app.
 * - /, /consulta and /loans/:id are the borrower's pages, each with a prerendered document of its own
 *   (pages/*.html); any other path is the borrower's 404, public.html.
 * - The APIs and the server's own endpoints are never a document.
 */

/** The back office and Login. */
export const BACK_OFFICE_PATHS = /^\/(admin|auth)(\/|$)/;

/** What the server answers itself: the APIs, health and metrics. */
export const SERVER_PATHS = /^\/(api|public\/api|health|metrics)(\/|$)/;

export const PUBLIC_PAGE_NAMES = ['landing', 'consulta', 'loan'] as const;
export type PublicPageName = (typeof PUBLIC_PAGE_NAMES)[number];

/** The borrower's pages, each with its document; a trailing slash is allowed. */
export const PUBLIC_PAGE_PATHS: Record<PublicPageName, RegExp> = {
  landing: /^\/*$/,
  consulta: /^\/consulta\/*$/,
  loan: /^\/loans\/([^/]+)\/*$/,
};

/** Which public page a path shows: /, /consulta, /loans/:id, or the 404 (trailing slash allowed). */
export type PublicPage =
  | { name: 'landing' }
  | { name: 'consulta' }
  | { name: 'loan'; id: string }
  | { name: 'not-found' };

export function matchPublicPage(pathname: string): PublicPage {
  if (PUBLIC_PAGE_PATHS.landing.test(pathname)) return { name: 'landing' };
  if (PUBLIC_PAGE_PATHS.consulta.test(pathname)) return { name: 'consulta' };
  const loan = PUBLIC_PAGE_PATHS.loan.exec(pathname);
  if (loan?.[1]) return { name: 'loan', id: decodeURIComponent(loan[1]) };
  return { name: 'not-found' };
}

export const publicPageDocument = (name: PublicPageName) => `pages/${name}.html` as const;

export type WebDocument = 'index.html' | 'public.html' | ReturnType<typeof publicPageDocument>;

/** The document of a navigation to `pathname` (a path the server does not answer itself). */
export function documentFor(pathname: string): WebDocument {
  if (BACK_OFFICE_PATHS.test(pathname)) return 'index.html';
  const page = PUBLIC_PAGE_NAMES.find((name) => PUBLIC_PAGE_PATHS[name].test(pathname));
  return page ? publicPageDocument(page) : 'public.html';
}

/** Every path whose navigation is not the staff app's: the service worker never answers it with its shell. */
export const NOT_STAFF_NAVIGATIONS: RegExp[] = [
  ...PUBLIC_PAGE_NAMES.map((name) => PUBLIC_PAGE_PATHS[name]),
  SERVER_PATHS,
];
