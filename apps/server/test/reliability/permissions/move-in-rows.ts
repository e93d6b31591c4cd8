import type { SeededContext, World } from '../world.ts';
import { ADMIN, get, type Row, send } from './roles.ts';

/** An import, account or statement id that exists nowhere: an administrator gets 404. */
const NO_ID = '0196a000-0000-7000-8000-00000000beef';

/**
 * Rows of the permissions matrix for moving a book in: 'Importar' and 'Conciliación' are for
 * administrators only. Writes are sent malformed (no file, an empty mapping): an administrator reaches
 * the checks (4xx), an agent never gets past the role.
 */
export function moveInRows(_context: SeededContext<World>): Row[] {
  return [
    { route: 'GET /api/v1/imports', expected: ADMIN(), call: get('/api/v1/imports') },
    {
      route: 'GET /api/v1/imports/template.xlsx',
      expected: ADMIN(),
      call: get('/api/v1/imports/template.xlsx'),
    },
    { route: 'POST /api/v1/imports', expected: ADMIN(415), call: () => send('POST', '/api/v1/imports', {}) },
    { route: 'GET /api/v1/imports/:id', expected: ADMIN(404), call: get(`/api/v1/imports/${NO_ID}`) },
    {
      route: 'GET /api/v1/imports/:id/file',
      expected: ADMIN(404),
      call: get(`/api/v1/imports/${NO_ID}/file`),
    },
    {
      route: 'GET /api/v1/imports/:id/rejected.csv',
      expected: ADMIN(404),
      call: get(`/api/v1/imports/${NO_ID}/rejected.csv`),
    },
    {
      route: 'POST /api/v1/imports/:id/run',
      expected: ADMIN(404),
      call: () => send('POST', `/api/v1/imports/${NO_ID}/run`, { mode: 'ALL' }),
    },
    {
      route: 'GET /api/v1/reconciliation/accounts/:id/mapping',
      expected: ADMIN(404),
      call: get(`/api/v1/reconciliation/accounts/${NO_ID}/mapping`),
    },
    {
      route: 'PUT /api/v1/reconciliation/accounts/:id/mapping',
      expected: ADMIN(400),
      call: () => send('PUT', `/api/v1/reconciliation/accounts/${NO_ID}/mapping`, {}),
    },
    {
      route: 'POST /api/v1/reconciliation/accounts/:id/statements',
      expected: ADMIN(415),
      call: () => send('POST', `/api/v1/reconciliation/accounts/${NO_ID}/statements`, {}),
    },
    {
      route: 'GET /api/v1/reconciliation/statements/:id',
      expected: ADMIN(404),
      call: get(`/api/v1/reconciliation/statements/${NO_ID}`),
    },
    {
      route: 'POST /api/v1/reconciliation/statements/:id/confirm',
      expected: ADMIN(400),
      call: () => send('POST', `/api/v1/reconciliation/statements/${NO_ID}/confirm`, {}),
    },
  ];
}
