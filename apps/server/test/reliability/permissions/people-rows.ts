import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_PRODUCT_ID } from '../../../src/db/schema/loan-products.ts';
import { newAddress } from '../../support/builders.ts';
import { customerBody, type SeededContext, type World } from '../world.ts';
import { ADMIN, EVERYONE, get, OWNER, type Row, STAFF, send, statuses, worldOf } from './roles.ts';

/** Rows of the permissions matrix: the web app, documentation, sign-in, staff accounts and customers. */

const userBody = (n: string) => ({
  name: 'Nuevo',
  lastName: 'Usuario',
  username: `matriz-${n}-${Math.random().toString(36).slice(2, 8)}@prestaya.mx`,
  password: 'secreto123',
  pin: '4826',
  roles: ['ROLE_USER'],
});
/** The specification's product as migration 0035 writes it: an edit to the same terms changes nothing. */
const SPEC_PRODUCT_ID = DEFAULT_PRODUCT_ID;
const productBody = (name = 'Semanal 12') => ({
  name,
  termWeeks: 12,
  interestPercent: 20,
  dailyFee: 50,
  lateFeeCapPercent: 10,
  minAmount: 100,
  maxAmount: 50_000,
  renewalThreshold: 8,
  payoffDiscountPercent: 0,
});
const customerForm = (c: World['customer']) => ({
  name: c.name,
  lastName: c.lastName,
  secondLastName: c.secondLastName,
  phone: c.phone,
  curp: c.curp,
  agentId: c.agentId,
  status: c.status,
});

export function peopleRows(context: SeededContext<World>): Row[] {
  const { world, fresh } = worldOf(context);
  return [
    // The built web app (documents and assets): public; the data comes from the API rows below.
    {
      route: 'GET /',
      expected: EVERYONE(),
      call: () => ({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
    },
    { route: 'GET /*', expected: EVERYONE(), call: get('/assets/index-abc123.js') },

    // Health and API documentation: public.
    { route: 'GET /health', expected: EVERYONE(), call: get('/health') },
    { route: 'GET /health/ready', expected: EVERYONE(), call: get('/health/ready') },
    // Metrics: by client address, not by role (app.inject comes from loopback); operations/metrics.test.ts.
    { route: 'GET /metrics', expected: EVERYONE(), call: get('/metrics') },
    { route: 'GET /api/docs', expected: EVERYONE(), call: get('/api/docs') },
    { route: 'GET /api/docs/json', expected: EVERYONE(), call: get('/api/docs/json') },
    { route: 'GET /api/docs/yaml', expected: EVERYONE(), call: get('/api/docs/yaml') },
    {
      // Swagger UI's own file redirects to the UI page.
      route: 'GET /api/docs/static/index.html',
      expected: EVERYONE(302),
      call: get('/api/docs/static/index.html'),
    },
    {
      route: 'GET /api/docs/static/swagger-initializer.js',
      expected: EVERYONE(),
      call: get('/api/docs/static/swagger-initializer.js'),
    },
    { route: 'GET /api/docs/static/*', expected: EVERYONE(), call: get('/api/docs/static/swagger-ui.css') },

    // Authentication: login with each role's own credentials (anonymous: an unknown user).
    {
      route: 'POST /api/v1/auth/login',
      expected: statuses(401, 200, 200, 200),
      call: (role) => {
        const user = role === 'anonymous' ? undefined : world()[role];
        return send('POST', '/api/v1/auth/login', {
          username: user?.username ?? 'nadie@prestaya.mx',
          password: user?.password ?? 'secreto123',
        });
      },
    },
    {
      route: 'POST /api/v1/auth/token/refresh',
      expected: STAFF(),
      call: () => send('POST', '/api/v1/auth/token/refresh'),
    },
    {
      // On a session of its own (a fresh sign-in): the role's token must keep working for the other rows.
      route: 'POST /api/v1/auth/logout',
      expected: STAFF(),
      noBearer: true,
      call: async (role) => {
        if (role === 'anonymous') return send('POST', '/api/v1/auth/logout');
        const user = world()[role];
        const signIn = await context.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { username: user.username, password: user.password },
        });
        const token = signIn.json().access_token as string;
        return { ...send('POST', '/api/v1/auth/logout'), headers: { authorization: `Bearer ${token}` } };
      },
    },
    { route: 'GET /api/v1/auth/register', expected: EVERYONE(), call: get('/api/v1/auth/register') },
    {
      // Open only while there is no user at all: closed for everybody once the system is set up.
      route: 'POST /api/v1/auth/register',
      expected: EVERYONE(403),
      call: () => {
        const { roles: _roles, ...body } = userBody('registro');
        return send('POST', '/api/v1/auth/register', body);
      },
    },
    // A password reset link is opened without a session: an unknown token is the same 404 for everyone.
    {
      route: 'GET /api/v1/auth/password-reset/:token',
      expected: EVERYONE(404),
      call: get(`/api/v1/auth/password-reset/${'T'.repeat(43)}`),
    },
    {
      route: 'POST /api/v1/auth/password-reset/:token',
      expected: EVERYONE(404),
      call: () => send('POST', `/api/v1/auth/password-reset/${'T'.repeat(43)}`, { password: 'secreto123' }),
    },
    { route: 'GET /api/v1/agents', expected: STAFF(), call: get('/api/v1/agents') },

    // Staff accounts: administrators only.
    { route: 'GET /api/v1/users', expected: ADMIN(), call: get('/api/v1/users') },
    { route: 'GET /api/v1/users/export.csv', expected: ADMIN(), call: get('/api/v1/users/export.csv') },
    {
      route: 'POST /api/v1/users',
      expected: ADMIN(201),
      call: (role) => send('POST', '/api/v1/users', userBody(role)),
    },
    {
      route: 'GET /api/v1/users/:id',
      expected: ADMIN(),
      call: () => get(`/api/v1/users/${world().spare.id}`)(),
    },
    {
      route: 'PUT /api/v1/users/:id',
      expected: ADMIN(),
      call: () =>
        send('PUT', `/api/v1/users/${world().spare.id}`, {
          name: 'Sara',
          lastName: 'Suplente',
          username: world().spare.username,
          roles: ['ROLE_USER'],
          status: 'A',
        }),
    },
    {
      // 'Cerrar sesiones': nobody signs in as the spare user, so raising their token version harms no row.
      route: 'POST /api/v1/users/:id/revoke-sessions',
      expected: ADMIN(),
      call: () => send('POST', `/api/v1/users/${world().spare.id}/revoke-sessions`),
    },

    {
      // A reset link for the spare user: it changes nothing until someone uses it.
      route: 'POST /api/v1/users/:id/password-reset',
      expected: ADMIN(201),
      call: () => send('POST', `/api/v1/users/${world().spare.id}/password-reset`),
    },

    // PIN lockouts: the locks in force and 'Desbloquear PIN', administrators only.
    { route: 'GET /api/v1/users/pin-locks', expected: ADMIN(), call: get('/api/v1/users/pin-locks') },
    {
      route: 'POST /api/v1/users/:id/unlock-pin',
      expected: ADMIN(),
      call: () => send('POST', `/api/v1/users/${world().spare.id}/unlock-pin`),
    },

    // Backups ('Respaldos'): administrators only. The download streams a file placed in DATA_DIR/backups.
    { route: 'GET /api/v1/backups', expected: ADMIN(), call: get('/api/v1/backups') },
    { route: 'POST /api/v1/backups', expected: ADMIN(201), call: () => send('POST', '/api/v1/backups') },
    {
      route: 'GET /api/v1/backups/:name',
      expected: ADMIN(),
      call: () => {
        const name = 'prestaya-20260101-020000-000-auto.sql.gz';
        mkdirSync(join(context.dataDir, 'backups'), { recursive: true });
        writeFileSync(join(context.dataDir, 'backups', name), 'respaldo');
        return get(`/api/v1/backups/${name}`)();
      },
    },

    // The business's data ('Configuración'): read by anyone (the landing shows it), saved by administrators.
    { route: 'GET /api/v1/settings/business', expected: EVERYONE(), call: get('/api/v1/settings/business') },
    {
      route: 'PUT /api/v1/settings/business',
      expected: ADMIN(),
      call: () => send('PUT', '/api/v1/settings/business', { name: 'Préstamos Ana', phone: '5512345678' }),
    },

    // Loan products: every staff member reads (agents the active ones); administrators keep them.
    { route: 'GET /api/v1/loan-products', expected: STAFF(), call: get('/api/v1/loan-products') },
    {
      route: 'POST /api/v1/loan-products',
      expected: ADMIN(201),
      call: () =>
        send(
          'POST',
          '/api/v1/loan-products',
          productBody(`Matriz ${Math.random().toString(36).slice(2, 8)}`),
        ),
    },
    {
      route: 'PUT /api/v1/loan-products/:id',
      expected: ADMIN(),
      call: () => send('PUT', `/api/v1/loan-products/${SPEC_PRODUCT_ID}`, productBody()),
    },
    {
      route: 'PATCH /api/v1/loan-products/:id',
      expected: ADMIN(),
      call: () => send('PATCH', `/api/v1/loan-products/${SPEC_PRODUCT_ID}`, { active: true }),
    },

    // Customers: every agent has their own; another agent's customer is a 404.
    { route: 'GET /api/v1/customers', expected: STAFF(), call: get('/api/v1/customers') },
    {
      route: 'POST /api/v1/customers',
      expected: STAFF(201),
      call: () => send('POST', '/api/v1/customers', customerBody()),
    },
    {
      route: 'GET /api/v1/customers/export.csv',
      expected: STAFF(),
      call: get('/api/v1/customers/export.csv'),
    },
    {
      route: 'GET /api/v1/customers/:id',
      expected: OWNER(),
      call: () => get(`/api/v1/customers/${world().customer.id}`)(),
    },
    {
      route: 'PUT /api/v1/customers/:id',
      expected: OWNER(),
      call: () => send('PUT', `/api/v1/customers/${world().customer.id}`, customerForm(world().customer)),
    },
    {
      route: 'POST /api/v1/customers/:id/addresses',
      expected: OWNER(201),
      call: () => send('POST', `/api/v1/customers/${world().customer.id}/addresses`, newAddress()),
    },
    {
      route: 'PUT /api/v1/customers/:id/addresses/:addressId',
      expected: OWNER(),
      call: () =>
        send('PUT', `/api/v1/customers/${world().customer.id}/addresses/${world().addressId}`, newAddress()),
    },
    {
      route: 'DELETE /api/v1/customers/:id/addresses/:addressId',
      expected: OWNER(),
      call: async () =>
        send('DELETE', `/api/v1/customers/${world().customer.id}/addresses/${await fresh().address()}`),
    },
    {
      route: 'GET /api/v1/customers/:id/loans',
      expected: OWNER(),
      call: () => get(`/api/v1/customers/${world().customer.id}/loans`)(),
    },
    {
      route: 'POST /api/v1/customers/:id/loans',
      expected: OWNER(201),
      call: async () =>
        // The product named: the loan-products rows add active products to the shared world.
        send('POST', `/api/v1/customers/${(await fresh().customer()).id}/loans`, {
          amount: 1_000,
          productId: SPEC_PRODUCT_ID,
        }),
    },
  ];
}
