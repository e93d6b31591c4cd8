/** The administrator the journeys' server is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'admin@prestaya.mx', password: 'Admin12345!' };

/**
 * The second journeys server (support/demo-server.ts): `npm run seed:demo` into its own fresh DATA_DIR,
 * then `npm start` on E2E_PORT + 1. The demo administrator is apps/server/src/demo/staff.ts's.
 */
export const DEMO_PORT = Number(process.env.E2E_PORT ?? 4173) + 1;
export const DEMO_BASE_URL = `http://127.0.0.1:${DEMO_PORT}`;
export const DEMO_ADMIN = { username: 'admin@demo.prestaya.mx', password: 'prestaya-demo' };
