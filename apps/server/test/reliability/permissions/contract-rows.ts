import type { SeededContext, World } from '../world.ts';
import { ADMIN, EVERYONE, get, OWNER, type Row, send, worldOf } from './roles.ts';

/**
 * Rows of the permissions matrix: a loan's CAT and contract documents follow the loan (another agent:
 * 404); the templates and the contract policy are admin-only; the public CAT needs only the loan's id.
 */
export function contractRows(context: SeededContext<World>): Row[] {
  const { world } = worldOf(context);
  const loan = () => `/api/v1/loans/${world().pendingLoan.id}`;
  return [
    { route: 'GET /api/v1/loans/:id/cat', expected: OWNER(), call: () => get(`${loan()}/cat`)() },
    { route: 'GET /api/v1/loans/:id/contract', expected: OWNER(), call: () => get(`${loan()}/contract`)() },
    {
      route: 'GET /api/v1/loans/:id/contract.pdf',
      expected: OWNER(),
      call: () => get(`${loan()}/contract.pdf?cover=1`)(),
    },
    {
      route: 'GET /public/api/v1/loans/:id/cat',
      expected: EVERYONE(),
      call: () => get(`/public/api/v1/loans/${world().pendingLoan.id}/cat`)(),
    },
    { route: 'GET /api/v1/contract-templates', expected: ADMIN(), call: get('/api/v1/contract-templates') },
    {
      route: 'GET /api/v1/contract-templates/:kind',
      expected: ADMIN(),
      call: get('/api/v1/contract-templates/CONTRACT'),
    },
    {
      route: 'PUT /api/v1/contract-templates/:kind',
      expected: ADMIN(),
      call: () =>
        send('PUT', '/api/v1/contract-templates/PROMISSORY_NOTE', { body: 'Debo {{prestamo.total}}.' }),
    },
    {
      route: 'DELETE /api/v1/contract-templates/:kind',
      expected: ADMIN(),
      call: () => send('DELETE', '/api/v1/contract-templates/PROMISSORY_NOTE'),
    },
    { route: 'GET /api/v1/settings/contracts', expected: ADMIN(), call: get('/api/v1/settings/contracts') },
    {
      route: 'PUT /api/v1/settings/contracts',
      expected: ADMIN(),
      call: () => send('PUT', '/api/v1/settings/contracts', { requireSignedContract: false }),
    },
  ];
}
