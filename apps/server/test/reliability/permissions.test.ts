import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { agentCredentialHeader } from '@prestaya/contracts';
import type { InjectOptions } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from '../support/app.ts';
import { multipart, newAddress } from '../support/builders.ts';
import { listRoutes } from './route-list.ts';
import { customerBody, freshTargets, seedWorld, useSeededApp, type World } from './world.ts';

/**
 * The permissions matrix: every route of the built app × {anonymous, the owning
 * agent, another agent, an administrator} → the exact status. The route list comes from Fastify's
 * router, so a new endpoint without a row here fails 'every route has a row', and a row whose route
 * is gone fails 'every row has a route'.
 *
 * "agent" owns every seeded customer, loan and payment; "other" is an agent who owns none of them: the
 * server hides another agent's records (404) and forbids admin-only routes (403) to both agents.
 * A write that succeeds consumes a fresh target (freshTargets), so the rows do not depend on order.
 */
// A stand-in for apps/web/dist, so the routes of the built web app are in the router too.
const webDist = mkdtempSync(join(tmpdir(), 'prestaya-matrix-web-'));
mkdirSync(join(webDist, 'assets'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>PrestaYa</title><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const context = useSeededApp(seedWorld, { webDist });
const world = (): World => context.world;
const fresh = () => freshTargets(context, context.world);

const ROLES = ['anonymous', 'agent', 'other', 'admin'] as const;
type Role = (typeof ROLES)[number];
type Expected = Record<Role, number>;
type Call = Omit<InjectOptions, 'url'> & { url: string };

interface Row {
  /** `METHOD /path` exactly as the router lists it. */
  route: string;
  expected: Expected;
  /** The request of one role; the Bearer token of the role is added unless `noBearer`. */
  call: (role: Role) => Call | Promise<Call>;
  noBearer?: boolean;
}

const statuses = (anonymous: number, agent: number, other: number, admin: number): Expected => ({
  anonymous,
  agent,
  other,
  admin,
});
/** Anyone, signed in or not. */
const EVERYONE = (status = 200) => statuses(status, status, status, status);
/** Any signed-in staff member. */
const STAFF = (status = 200) => statuses(401, status, status, status);
/** The owning agent and administrators; another agent gets 404 (the record does not exist for them). */
const OWNER = (status = 200) => statuses(401, status, 404, status);
/** Administrators only: 403 for every agent. */
const ADMIN = (status = 200) => statuses(401, 403, 403, status);

const get = (url: string) => () => ({ method: 'GET' as const, url });
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) => ({
  method,
  url,
  ...(payload ? { payload } : {}),
});

const userBody = (n: string) => ({
  name: 'Nuevo',
  lastName: 'Usuario',
  username: `matriz-${n}-${Math.random().toString(36).slice(2, 8)}@prestaya.mx`,
  password: 'secreto123',
  pin: '4826',
  roles: ['ROLE_USER'],
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

const ROWS: Row[] = [
  // The built web app (documents and assets): public; the data comes from the API rows below.
  {
    route: 'GET /',
    expected: EVERYONE(),
    call: () => ({ method: 'GET', url: '/', headers: { accept: 'text/html' } }),
  },
  { route: 'GET /*', expected: EVERYONE(), call: get('/assets/index-abc123.js') },

  // Health and API documentation: public.
  { route: 'GET /health', expected: EVERYONE(), call: get('/health') },
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

  // PIN lockouts: the locks in force and 'Desbloquear PIN', administrators only.
  { route: 'GET /api/v1/users/pin-locks', expected: ADMIN(), call: get('/api/v1/users/pin-locks') },
  {
    route: 'POST /api/v1/users/:id/unlock-pin',
    expected: ADMIN(),
    call: () => send('POST', `/api/v1/users/${world().spare.id}/unlock-pin`),
  },

  // Customers: every agent has their own; another agent's customer is a 404.
  { route: 'GET /api/v1/customers', expected: STAFF(), call: get('/api/v1/customers') },
  {
    route: 'POST /api/v1/customers',
    expected: STAFF(201),
    call: () => send('POST', '/api/v1/customers', customerBody()),
  },
  { route: 'GET /api/v1/customers/export.csv', expected: STAFF(), call: get('/api/v1/customers/export.csv') },
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
      send('POST', `/api/v1/customers/${(await fresh().customer()).id}/loans`, { amount: 1_000 }),
  },

  // Bank accounts: administrators only.
  { route: 'GET /api/v1/bank-accounts', expected: ADMIN(), call: get('/api/v1/bank-accounts') },
  {
    route: 'GET /api/v1/bank-accounts/export.csv',
    expected: ADMIN(),
    call: get('/api/v1/bank-accounts/export.csv'),
  },
  {
    route: 'GET /api/v1/bank-accounts/:id/transactions/export.csv',
    expected: ADMIN(),
    call: () => get(`/api/v1/bank-accounts/${world().account.id}/transactions/export.csv`)(),
  },
  {
    route: 'POST /api/v1/bank-accounts',
    expected: ADMIN(201),
    call: () =>
      send('POST', '/api/v1/bank-accounts', { name: 'Caja', bankName: 'Efectivo', customerName: 'Caja' }),
  },
  {
    route: 'GET /api/v1/bank-accounts/:id',
    expected: ADMIN(),
    call: () => get(`/api/v1/bank-accounts/${world().account.id}`)(),
  },
  {
    route: 'PATCH /api/v1/bank-accounts/:id',
    expected: ADMIN(),
    call: () =>
      send('PATCH', `/api/v1/bank-accounts/${world().account.id}`, { deposit: 1, reason: 'Matriz' }),
  },
  {
    route: 'GET /api/v1/bank-accounts/:id/transactions',
    expected: ADMIN(),
    call: () => get(`/api/v1/bank-accounts/${world().account.id}/transactions`)(),
  },
  {
    route: 'GET /api/v1/bank-accounts/:id/transactions/:transactionId',
    expected: ADMIN(),
    call: () => get(`/api/v1/bank-accounts/${world().account.id}/transactions/${world().transactionId}`)(),
  },

  // Loans: the global list, approving and delivering are admin-only; the rest follows the customer.
  { route: 'GET /api/v1/loans', expected: ADMIN(), call: get('/api/v1/loans') },
  { route: 'GET /api/v1/loans/export.csv', expected: ADMIN(), call: get('/api/v1/loans/export.csv') },
  {
    route: 'GET /api/v1/loans/:id',
    expected: OWNER(),
    call: () => get(`/api/v1/loans/${world().pendingLoan.id}`)(),
  },
  {
    route: 'PUT /api/v1/loans/:id',
    expected: OWNER(),
    call: () => send('PUT', `/api/v1/loans/${world().pendingLoan.id}`, { amount: 3_000 }),
  },
  {
    route: 'PUT /api/v1/loans/:id/approve',
    expected: ADMIN(),
    call: async () =>
      send('PUT', `/api/v1/loans/${(await fresh().pendingLoan()).id}/approve`, {
        bankAccountId: world().account.id,
      }),
  },
  {
    route: 'PUT /api/v1/loans/:id/activate',
    expected: ADMIN(),
    call: async () => send('PUT', `/api/v1/loans/${(await fresh().approvedLoan()).id}/activate`),
  },
  {
    route: 'GET /api/v1/loans/:id/scheduled-payments',
    expected: OWNER(),
    call: () => get(`/api/v1/loans/${world().activeLoan.id}/scheduled-payments`)(),
  },
  {
    route: 'GET /api/v1/loans/:id/pending-payments',
    expected: OWNER(),
    call: () => get(`/api/v1/loans/${world().activeLoan.id}/pending-payments`)(),
  },
  {
    route: 'GET /api/v1/loans/:id/fees',
    expected: OWNER(),
    call: () => get(`/api/v1/loans/${world().lateLoan.id}/fees`)(),
  },
  {
    route: 'DELETE /api/v1/loans/:id/fees/:feeId',
    expected: ADMIN(),
    call: async () =>
      send('DELETE', `/api/v1/loans/${world().lateLoan.id}/fees/${await fresh().pendingFee()}`),
  },
  {
    route: 'GET /api/v1/loans/:id/payments',
    expected: OWNER(),
    call: () => get(`/api/v1/loans/${world().activeLoan.id}/payments`)(),
  },
  {
    route: 'POST /api/v1/loans/:id/payments',
    expected: OWNER(201),
    call: async () => {
      const body = JSON.stringify({
        scheduledPaymentIds: [await fresh().nextInstallment()],
        paymentMethod: 'CASH',
      });
      const { payload, headers } = multipart([
        { name: 'paymentRequest', body, contentType: 'application/json' },
      ]);
      return { method: 'POST', url: `/api/v1/loans/${world().activeLoan.id}/payments`, payload, headers };
    },
  },

  // Payments: Pagos Recibidos and decisions are admin-only; the proof image needs only its signed link.
  { route: 'GET /api/v1/payments', expected: ADMIN(), call: get('/api/v1/payments') },
  { route: 'GET /api/v1/payments/export.csv', expected: ADMIN(), call: get('/api/v1/payments/export.csv') },

  // Reports: any staff member; an agent's figures cover only their own portfolio.
  {
    route: 'GET /api/v1/reports/weekly-payments',
    expected: STAFF(),
    call: get('/api/v1/reports/weekly-payments?from=2026-01-01&to=2026-01-07'),
  },
  { route: 'GET /api/v1/reports/portfolio', expected: STAFF(), call: get('/api/v1/reports/portfolio') },

  // Audit trail: the list and its export are admin-only; a record's history follows the record.
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

  { route: 'GET /api/v1/audit', expected: ADMIN(), call: get('/api/v1/audit') },
  { route: 'GET /api/v1/audit/export.csv', expected: ADMIN(), call: get('/api/v1/audit/export.csv') },
  {
    route: 'GET /api/v1/audit/:entity/:entityId',
    expected: OWNER(),
    call: () => get(`/api/v1/audit/loan/${world().activeLoan.id}`)(),
  },
  {
    route: 'GET /api/v1/payments/:id/details',
    expected: ADMIN(),
    call: () => get(`/api/v1/payments/${world().payment.id}/details`)(),
  },
  {
    route: 'PATCH /api/v1/payments/:id',
    expected: ADMIN(),
    call: async () =>
      send('PATCH', `/api/v1/payments/${(await fresh().validatingPayment()).id}`, { status: 'REJECTED' }),
  },
  {
    // The signed link is the credential (an <img> sends no Bearer): the same 200 for everyone holding it.
    route: 'GET /api/v1/payments/attachments/:attachmentId',
    expected: EVERYONE(),
    call: () => get(world().attachmentUri)(),
  },

  // Public side: no staff session; the lookup needs number + phone, a payment an agent's PIN.
  {
    route: 'GET /public/api/v1/loans/search',
    expected: EVERYONE(),
    call: () =>
      get(
        `/public/api/v1/loans/search?num=${world().activeLoan.num}&phone=${world().activeCustomer.phone}`,
      )(),
  },
  {
    route: 'GET /public/api/v1/loans/:id',
    expected: EVERYONE(),
    call: () => get(`/public/api/v1/loans/${world().activeLoan.id}`)(),
  },
  {
    // Each role offers its own PIN (anonymous: none). The customer's agent or an administrator may
    // authorise; another agent's right PIN is 403 (docs/architecture.md "People and access"); a Bearer token
    // is not a credential here.
    route: 'POST /public/api/v1/loans/:id/payments',
    expected: statuses(401, 201, 403, 201),
    noBearer: true,
    call: async (role) => {
      const body = JSON.stringify({
        scheduledPaymentIds: [await fresh().nextInstallment()],
        paymentMethod: 0,
      });
      const { payload, headers } = multipart([
        { name: 'paymentRequest', body, contentType: 'application/json' },
      ]);
      const user = role === 'anonymous' ? undefined : world()[role];
      return {
        method: 'POST',
        url: `/public/api/v1/loans/${world().activeLoan.id}/payments`,
        payload,
        headers: user ? { ...headers, authorization: agentCredentialHeader(user.num, user.pin) } : headers,
      };
    },
  },
];

describe('the route list', () => {
  it('every route of the app has a row in the matrix', () => {
    const rows = new Set(ROWS.map((row) => row.route));
    expect(listRoutes(context.app).filter((route) => !rows.has(route))).toEqual([]);
  });

  it('every row of the matrix is a route of the app', () => {
    const routes = new Set(listRoutes(context.app));
    expect(ROWS.map((row) => row.route).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('has one row per route', () => {
    expect(new Set(ROWS.map((row) => row.route)).size).toBe(ROWS.length);
  });
});

describe('who may call what', () => {
  it.each(ROWS.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual = {} as Expected;
    const bodies: Partial<Record<Role, string>> = {};
    for (const role of ROLES) {
      const { url, ...call } = await row.call(role);
      const token = role === 'anonymous' || row.noBearer ? undefined : world()[role].token;
      const response = await request(context.app, { ...call, url, token });
      actual[role] = response.statusCode;
      if (response.statusCode !== row.expected[role]) bodies[role] = response.body.slice(0, 300);
      // A refusal never leaks data: it is a problem+json.
      if (response.statusCode >= 400) {
        expect(response.headers['content-type'], `${role}: ${response.body}`).toMatch(
          /^application\/problem\+json/,
        );
      }
    }
    expect({ statuses: actual, bodies }).toEqual({ statuses: row.expected, bodies: {} });
  });
});
