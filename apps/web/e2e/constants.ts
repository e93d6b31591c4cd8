/** The administrator the journeys' server is started with (ADMIN_USERNAME / ADMIN_PASSWORD). */
export const E2E_ADMIN = { username: 'admin@prestaya.mx', password: 'Admin12345!' };
