import { fileURLToPath } from 'node:url';
import { DEFAULT_THEME } from '@mantine/core';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin, type ViteDevServer } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
// By relative path: the config is bundled with its relative imports, while a package import would be
// loaded by Node as it is, TypeScript.
import {
  BACK_OFFICE_PATHS,
  documentFor,
  NOT_STAFF_NAVIGATIONS,
  SERVER_PATHS,
} from '../../packages/contracts/src/web-documents.ts';
import { theme } from './src/app/theme.ts';

// The Fastify server serves dist/ with an HTML fallback on the same origin; in dev Vite proxies the API.
const api = 'http://127.0.0.1:3000';

/** Dev server: a browser navigation outside /admin and /auth gets its public document, as the server does. */
function publicPagesInDev(): Plugin {
  return {
    name: 'prestaya-public-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
        const navigation = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
        const document =
          navigation && !pathname.includes('.') && !SERVER_PATHS.test(pathname) && documentFor(pathname);
        if (document && document !== 'index.html') request.url = `/${document}`;
        next();
      });
    },
  };
}

const nodeModules = (path: string) => fileURLToPath(new URL(`../../node_modules/${path}`, import.meta.url));
const shim = (name: string) => fileURLToPath(new URL(`src/lib/shims/${name}.ts`, import.meta.url));

/**
 * Imports that would put code on every page's first load for one small export, resolved to what is
 * used (measured with the build manifest; e2e/bundle-budget.spec.ts guards the totals):
 * - Mantine's ScrollArea takes only `useMergeRefs` from Floating UI: through it every Table (the
 *   borrower's statement) downloaded the whole positioning library, ~12 KiB gzip.
 * - Mantine's AppShell bars take only class names from `react-remove-scroll`, the modals' scroll lock.
 * - `@mantine/notifications` re-exports the toast container beside the store: a static import of
 *   `notifications.show` placed the container (~12 KiB gzip) in the first load. Static imports from our
 *   code get the store; the container comes by src/components/DeferredNotifications.tsx's dynamic import.
 */
const NARROWED_IMPORTS: { source: string; importer: RegExp; to: string }[] = [
  {
    source: '@floating-ui/react',
    importer: /@mantine[\\/]core[\\/].*[\\/]ScrollArea\.mjs$/,
    to: shim('scroll-area-merge-refs'),
  },
  {
    source: 'react-remove-scroll',
    importer: /@mantine[\\/]core[\\/].*[\\/]AppShell[\\/]/,
    to: shim('app-shell-remove-scroll'),
  },
  {
    source: '@mantine/notifications',
    importer: /^(?!.*node_modules).*[\\/]src[\\/]/,
    to: nodeModules('@mantine/notifications/esm/notifications.store.mjs'),
  },
];

function narrowedImports(): Plugin {
  return {
    name: 'prestaya-narrowed-imports',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (!importer || options.kind === 'dynamic-import') return null;
      const rule = NARROWED_IMPORTS.find((r) => r.source === source && r.importer.test(importer));
      return rule ? rule.to : null;
    },
  };
}

/** The theme's primary colour at its light shade (theme.ts): the installed app's bar and splash. */
const primary = theme.primaryColor ?? 'teal';
const shade =
  typeof theme.primaryShade === 'object' ? (theme.primaryShade.light ?? 6) : (theme.primaryShade ?? 6);
const THEME_COLOR = DEFAULT_THEME.colors[primary]?.[shade] ?? '#087f5b';

/**
 * The staff app (index.html) as an installable PWA: a generated Workbox service worker precaches its
 * shell, so an agent's phone opens it without signal. It never answers with the staff shell a path
 * whose document is another (packages/contracts web-documents.ts): the borrower's pages, the APIs and
 * the server's own endpoints. The staff data is never in a Workbox cache: the Cobranza list and the
 * queued payments live in IndexedDB (src/lib/offline-queue.ts), keyed by the signed-in user and erased
 * on sign-out.
 */
const staffPwa = VitePWA({
  // Registered by src/main.tsx (virtual:pwa-register), so only the staff document installs it.
  injectRegister: false,
  // A new version replaces the old one at once; a payment being taken is safe in IndexedDB across the reload.
  registerType: 'autoUpdate',
  includeAssets: ['favicon.svg'],
  manifest: {
    name: 'PrestaYa',
    short_name: 'PrestaYa',
    description: 'PrestaYa para el personal: cobranza del día, clientes y préstamos, también sin señal.',
    lang: 'es-MX',
    id: '/admin/',
    start_url: '/admin/collections',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: '/pwa-192x192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/pwa-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/pwa-maskable-512x512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The staff shell: index.html and every script and style (the staff screens are lazy chunks the
    // phone must have before it loses signal); never public.html nor the pre-compressed copies.
    globPatterns: ['index.html', 'assets/**/*.{js,css}', 'favicon.svg'],
    globIgnores: ['public.html', 'pages/**', 'assets/public-*', '**/*.{gz,br}'],
    navigateFallback: '/index.html',
    // Only staff routes get the shell offline; the deny-list wins over the allow-list in Workbox.
    navigateFallbackAllowlist: [BACK_OFFICE_PATHS],
    navigateFallbackDenylist: NOT_STAFF_NAVIGATIONS,
    // Workbox would answer '/' with the precached '/index.html' (the staff shell, which has no '/'
    // route): the landing must come from the server, also on a phone where staff signed in.
    directoryIndex: null,
    cleanupOutdatedCaches: true,
    clientsClaim: true,
    skipWaiting: true,
  },
});

/** The manifest link belongs to the staff document only: a borrower's page is not the staff app. */
function noManifestOnPublicPages(): Plugin {
  return {
    name: 'prestaya-no-manifest-on-public-pages',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler: (html, context) =>
        context.path.endsWith('public.html') || context.path.startsWith('/pages/')
          ? html.replace(/<link rel="manifest"[^>]*>/, '')
          : html,
    },
  };
}

/**
 * Writes each public page's first render into its document (pages/*.html): a phone paints the page as
 * soon as the HTML and CSS arrive, without waiting for the scripts, which then hydrate it
 * (src/public/start.tsx). The page modules are loaded by a Vite SSR server of their own.
 */
function prerenderPublicPages(): Plugin {
  let ssr: ViteDevServer | undefined;
  return {
    name: 'prestaya-prerender-public-pages',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html, context) {
        const name = /^\/pages\/(\w+)\.html$/.exec(context.path)?.[1];
        if (!name) return html;
        ssr ??= await createServer({
          configFile: false,
          root: fileURLToPath(new URL('.', import.meta.url)),
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          // Node loads the dependencies as they are: nothing to pre-bundle.
          optimizeDeps: { noDiscovery: true, include: [] },
          plugins: [narrowedImports()],
        });
        const { prerender, pageNeedsScripts } = (await ssr.ssrLoadModule('/src/public/prerender.tsx')) as {
          prerender: (page: string) => string;
          pageNeedsScripts: (page: string) => boolean;
        };
        const root = '<div id="root"></div>';
        if (!html.includes(root)) throw new Error(`pages/${name}.html has no empty #root`);
        // React writes the page's <title> first; it belongs in <head>, in place of the template's.
        const [, title = '', body = ''] = /^(<title>.*?<\/title>)?([\s\S]*)$/.exec(prerender(name)) ?? [];
        const page = html
          .replace(/<title>.*?<\/title>/, title || '$&')
          .replace(root, `<div id="root">${body}</div>`);
        // A page that needs no script (src/public/prerender.tsx) is its HTML and CSS alone.
        if (!pageNeedsScripts(name))
          return page
            .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
            .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
            .replace(/\s*<noscript>.*?<\/noscript>/, '');
        return (
          page
            // The page is painted from the HTML: its scripts only hydrate it, so they must not compete
            // with the HTML and the CSS for a slow network (the browser gives module scripts high
            // priority, and Lighthouse then counts them as blocking the first paint).
            .replace(
              /<(script type="module"|link rel="modulepreload") crossorigin/g,
              '<$1 fetchpriority="low" crossorigin',
            )
        );
      },
    },
    async closeBundle() {
      await ssr?.close();
      ssr = undefined;
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    publicPagesInDev(),
    narrowedImports(),
    staffPwa,
    noManifestOnPublicPages(),
    prerenderPublicPages(),
    // Pre-compressed .gz and .br beside each file; the server sends them (@fastify/static preCompressed).
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|html|svg)$/, threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: {
        // Two documents: the back office + Login, and the borrower's pages, which download only their own code.
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        public: fileURLToPath(new URL('public.html', import.meta.url)),
        // One document per public page: its own code is preloaded and its first render prerendered.
        'public-landing': fileURLToPath(new URL('pages/landing.html', import.meta.url)),
        'public-consulta': fileURLToPath(new URL('pages/consulta.html', import.meta.url)),
        'public-loan': fileURLToPath(new URL('pages/loan.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/public/api': api },
  },
  preview: {
    port: 4173,
    proxy: { '/api': api, '/public/api': api },
  },
});
