import { fileURLToPath } from 'node:url';

/**
 * apps/server, found from this file. `src/` and the bundle `npm start` runs (`dist/server.mjs`) sit at
 * the same depth, so the same URL is right in both.
 */
export const SERVER_ROOT = fileURLToPath(new URL('..', import.meta.url));
