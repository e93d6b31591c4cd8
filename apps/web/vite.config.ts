import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The Fastify server serves dist/ with SPA fallback on the same origin; in dev Vite proxies the API.
const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: { '/api': api, '/public/api': api },
  },
  preview: {
    port: 4173,
    proxy: { '/api': api, '/public/api': api },
  },
});
