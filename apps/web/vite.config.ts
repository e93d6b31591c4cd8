import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

// The Fastify server serves dist/ with an HTML fallback on the same origin; in dev Vite proxies the API.
const api = 'http://127.0.0.1:3000';

/** Paths of the back office document (index.html); every other page is the public document. */
export function isBackOfficePath(pathname: string): boolean {
  return /^\/(admin|auth)(\/|$)/.test(pathname);
}

/** Dev server: a browser navigation outside /admin and /auth gets public.html, as the server does. */
function publicPagesInDev(): Plugin {
  return {
    name: 'prestaya-public-pages',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        const pathname = (request.url ?? '/').split('?', 1)[0] ?? '/';
        const navigation = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
        if (navigation && !isBackOfficePath(pathname) && !pathname.includes('.'))
          request.url = '/public.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    publicPagesInDev(),
    // Pre-compressed .gz and .br beside each file; the server sends them (@fastify/static preCompressed).
    compression({ algorithms: ['gzip', 'brotliCompress'], include: /\.(js|css|html|svg)$/, threshold: 1024 }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    rollupOptions: {
      input: {
        // Two documents: the back office + Login, and the borrower's pages (their own small bundle).
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        public: fileURLToPath(new URL('public.html', import.meta.url)),
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
