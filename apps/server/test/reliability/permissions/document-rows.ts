import { documentParts, fixture, multipart } from '../../support/builders.ts';
import type { SeededContext, World } from '../world.ts';
import { ADMIN, EVERYONE, get, OWNER, type Row, send, worldOf } from './roles.ts';

/**
 * Rows of the permissions matrix: a customer's documents and expediente. They follow the customer
 * (another agent: 404), deleting is admin-only, the file needs only its signed link, and the identity
 * policy is admin-only.
 */
export function documentRows(context: SeededContext<World>): Row[] {
  const { world, fresh } = worldOf(context);
  const documents = () => `/api/v1/customers/${world().customer.id}/documents`;
  return [
    { route: 'GET /api/v1/customers/:id/documents', expected: OWNER(), call: () => get(documents())() },
    {
      route: 'POST /api/v1/customers/:id/documents',
      expected: OWNER(201),
      call: () => ({ method: 'POST', url: documents(), ...multipart(documentParts(fixture('proof.png'))) }),
    },
    {
      // An agent is refused by role before the document is looked up: 403 even for their own customer.
      route: 'DELETE /api/v1/customers/:id/documents/:documentId',
      expected: ADMIN(),
      call: async (role) => ({
        method: 'DELETE',
        url: `${documents()}/${role === 'admin' ? await fresh().document() : world().documentId}`,
      }),
    },
    {
      // The signed link is the credential (an <iframe> sends no Bearer): the same 200 for everyone.
      route: 'GET /api/v1/customers/:id/documents/:documentId/file',
      expected: EVERYONE(),
      call: () => get(world().documentUri)(),
    },
    // The expediente follows the customer; its policy is the administrators'.
    {
      route: 'GET /api/v1/customers/:id/expediente',
      expected: OWNER(),
      call: () => get(`/api/v1/customers/${world().customer.id}/expediente`)(),
    },
    { route: 'GET /api/v1/identity-settings', expected: ADMIN(), call: get('/api/v1/identity-settings') },
    {
      route: 'PUT /api/v1/identity-settings',
      expected: ADMIN(),
      call: () =>
        send('PUT', '/api/v1/identity-settings', {
          requireCompleteExpediente: false,
          proofOfAddressMaxMonths: 3,
        }),
    },
  ];
}
