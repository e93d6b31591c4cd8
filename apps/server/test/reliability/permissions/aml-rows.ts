import { multipart } from '../../support/builders.ts';
import type { SeededContext, World } from '../world.ts';
import { ADMIN, get, type Row, send, worldOf } from './roles.ts';

/** A match or case id that exists nowhere: an administrator gets 404, everyone else never gets that far. */
const NO_ID = '0196a000-0000-7000-8000-00000000dead';

/**
 * Rows of the permissions matrix: everything of 'PLD' (lists, matches, thresholds, relevant
 * operations, unusual-operation cases) is for administrators only, and an agent never learns it exists.
 */
export function amlRows(context: SeededContext<World>): Row[] {
  const { world } = worldOf(context);
  const list = () =>
    multipart([
      { name: 'name', body: 'Lista de prueba' },
      {
        name: 'file',
        filename: 'lista.csv',
        contentType: 'text/csv',
        body: 'nombre,curp,rfc,lista,fecha\nPersona Que No Existe En Cartera,,,Prueba,2026-01-02\n',
      },
    ]);
  return [
    { route: 'GET /api/v1/aml/lists', expected: ADMIN(), call: get('/api/v1/aml/lists') },
    {
      route: 'POST /api/v1/aml/lists',
      expected: ADMIN(201),
      call: () => ({ method: 'POST', url: '/api/v1/aml/lists', ...list() }),
    },
    { route: 'GET /api/v1/aml/matches', expected: ADMIN(), call: get('/api/v1/aml/matches') },
    {
      route: 'PUT /api/v1/aml/matches/:id/resolve',
      expected: ADMIN(404),
      call: () => send('PUT', `/api/v1/aml/matches/${NO_ID}/resolve`, { reason: 'Homónimo revisado' }),
    },
    { route: 'GET /api/v1/aml/settings', expected: ADMIN(), call: get('/api/v1/aml/settings') },
    {
      route: 'PUT /api/v1/aml/settings',
      expected: ADMIN(),
      call: () =>
        send('PUT', '/api/v1/aml/settings', { singleCashThreshold: 150000, monthlyCashThreshold: 150000 }),
    },
    {
      route: 'GET /api/v1/aml/relevant-operations',
      expected: ADMIN(),
      call: get('/api/v1/aml/relevant-operations?year=2026&quarter=4'),
    },
    {
      route: 'GET /api/v1/aml/relevant-operations/export.csv',
      expected: ADMIN(),
      call: get('/api/v1/aml/relevant-operations/export.csv?year=2026&quarter=4'),
    },
    { route: 'GET /api/v1/aml/cases', expected: ADMIN(), call: get('/api/v1/aml/cases') },
    {
      route: 'POST /api/v1/aml/cases',
      expected: ADMIN(201),
      call: () =>
        send('POST', '/api/v1/aml/cases', {
          customerNum: world().customer.num,
          description: 'Depósitos fraccionados en la semana',
        }),
    },
    {
      route: 'PUT /api/v1/aml/cases/:id/close',
      expected: ADMIN(404),
      call: () => send('PUT', `/api/v1/aml/cases/${NO_ID}/close`, { conclusion: 'Sin elementos' }),
    },
  ];
}
