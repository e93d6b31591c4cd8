import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { users } from '../src/db/schema/users.ts';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  request,
  testConfig,
  useTestApp,
} from './support/app.ts';
import { rowsOf } from './support/database.ts';

const LOGIN_LIMIT = 5;
const context = useTestApp({ loginRateLimit: { max: LOGIN_LIMIT, addressMax: 12, timeWindowMs: 60_000 } });

const login = (username: string, password: string) =>
  context.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
const refresh = (token?: string) =>
  request(context.app, { method: 'POST', url: '/api/v1/auth/token/refresh', token });
const listUsers = (token: string) => request(context.app, { method: 'GET', url: '/api/v1/users', token });

/** A compact JWT signed by hand, to try tokens the server itself would never issue. */
function handmadeToken(payload: Record<string, unknown>, secret = testConfig().jwtSecret, alg = 'HS256') {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const unsigned = `${encode({ alg, typ: 'JWT' })}.${encode(payload)}`;
  const signature = alg === 'none' ? '' : createHmac('sha256', secret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}
const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('POST /api/v1/auth/login', () => {
  it('returns the session shape with a signed 8-hour token', async () => {
    const admin = await createAdmin(context, { name: 'Ana', lastName: 'Gómez', username: 'ana@prestaya.mx' });
    const response = await login('ana@prestaya.mx', admin.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      userId: admin.id,
      roles: ['ROLE_ADMIN'],
      name: 'Ana',
      lastName: 'Gómez',
      username: 'ana@prestaya.mx',
      access_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      businessTimeZone: 'America/Mexico_City',
    });
    const claims = JSON.parse(Buffer.from(body.access_token.split('.')[1], 'base64url').toString());
    expect(claims.sub).toBe(admin.id);
    expect(claims.exp - claims.iat).toBe(8 * 60 * 60);
    // No roles (read from the DB on each request): the user's token version, the sign-in time and the
    // session (logout ends it).
    expect(Object.keys(claims).sort()).toEqual(['auth_time', 'exp', 'iat', 'jti', 'sid', 'sub', 'ver']);
    expect(claims.auth_time).toBe(claims.iat);
  });

  it('trims and lowercases the username', async () => {
    const agent = await createUserAndLogin(context, { username: 'lucia@prestaya.mx' });
    const response = await login('  LUCIA@PrestaYa.MX ', agent.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().userId).toBe(agent.id);
  });

  it('answers the same 401 for a wrong password, an unknown user and a cancelled user', async () => {
    const agent = await createUserAndLogin(context);
    const cancelled = await createUserAndLogin(context, { status: 'CANCELLED' });
    for (const response of [
      await login(agent.username, 'incorrecta'),
      await login('nadie@prestaya.mx', 'secreto123'),
      await login(cancelled.username, cancelled.password),
    ]) {
      expectProblem(response, 401, 'Usuario y/o contraseña incorrecta');
    }
  });

  it('names the missing fields', async () => {
    const response = await context.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} });
    const problem = expectProblem(response, 400);
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(['password', 'username']);
    expect(problem.detail).toContain('username: El usuario es requerido');
  });

  it(`refuses with 429 after ${LOGIN_LIMIT} attempts per minute for one username from one IP`, async () => {
    const agent = await createUserAndLogin(context, { username: 'nadia@prestaya.mx' });
    const colleague = await createUserAndLogin(context);
    for (let attempt = 1; attempt < LOGIN_LIMIT; attempt++) {
      expect((await login('nadia@prestaya.mx', 'x')).statusCode).toBe(401); // createUserAndLogin was #1
    }
    const limited = await login('nadia@prestaya.mx', agent.password);
    expectProblem(limited, 429, 'Demasiados intentos. Intente de nuevo en un minuto.');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Case and spaces do not make another counter: the username is counted as login reads it.
    expectProblem(await login('  NADIA@PrestaYa.MX ', agent.password), 429);
    // Another username from the same IP, and the same username from another IP, have their own counters.
    expect((await login(colleague.username, colleague.password)).statusCode).toBe(200);
    const other = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'nadia@prestaya.mx', password: agent.password },
      remoteAddress: '10.0.0.7',
    });
    expect(other.statusCode).toBe(200);
  });
});

describe('sessions', () => {
  it('a cancelled user is refused at login and their issued token stops working at once', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context, { roles: ['ROLE_USER'] });
    expect((await refresh(agent.token)).statusCode).toBe(200);

    const detail = await request(context.app, {
      method: 'GET',
      url: `/api/v1/users/${agent.id}`,
      token: admin.token,
    });
    const { id: _id, num: _num, createdOn: _c, ...editable } = detail.json().data;
    const cancel = await request(context.app, {
      method: 'PUT',
      url: `/api/v1/users/${agent.id}`,
      token: admin.token,
      payload: { ...editable, status: 'CANCELLED' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    expectProblem(await refresh(agent.token), 401, 'Sesión inválida o expirada');
    expectProblem(await login(agent.username, agent.password), 401, 'Usuario y/o contraseña incorrecta');
  });

  it('roles come from the database on every request, not from the token', async () => {
    const admin = await createAdmin(context);
    expect((await listUsers(admin.token)).statusCode).toBe(200);
    await context.database.db
      .update(users)
      .set({ roles: ['ROLE_USER'] })
      .where(sql`${users.id} = ${admin.id}`);
    expectProblem(await listUsers(admin.token), 403, 'No tiene permisos para esta operación');
  });

  it('a token of a user that no longer exists is a 401', async () => {
    const agent = await createUserAndLogin(context);
    await context.database.db.delete(users).where(sql`${users.id} = ${agent.id}`);
    expectProblem(await refresh(agent.token), 401, 'Sesión inválida o expirada');
  });

  it.each([
    ['no header', undefined],
    ['garbage', 'not-a-token'],
    [
      'another secret',
      handmadeToken({ sub: uuidv7(), exp: nowSeconds() + 60 }, 'otro-secreto-otro-secreto-otro-secreto'),
    ],
    ['alg none', handmadeToken({ sub: uuidv7(), exp: nowSeconds() + 60 }, undefined, 'none')],
    ['expired', handmadeToken({ sub: uuidv7(), iat: nowSeconds() - 9 * 3600, exp: nowSeconds() - 3600 })],
    ['a subject that is not a uuid', handmadeToken({ sub: "1' or '1'='1", exp: nowSeconds() + 60 })],
    ['no subject', handmadeToken({ exp: nowSeconds() + 60 })],
  ])('refuses %s with 401', async (_label, token) => {
    expectProblem(await refresh(token), 401, 'Sesión inválida o expirada');
    expectProblem(await listUsers(token ?? ''), 401, 'Sesión inválida o expirada');
  });
});

describe('POST /api/v1/auth/token/refresh', () => {
  it('returns the login shape with a new token that works', async () => {
    const agent = await createUserAndLogin(context, { name: 'Mario', lastName: 'Ramírez' });
    const response = await refresh(agent.token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      userId: agent.id,
      roles: ['ROLE_USER'],
      name: 'Mario',
      lastName: 'Ramírez',
    });
    expect(body.access_token).not.toBe(agent.token);
    expect((await refresh(body.access_token)).statusCode).toBe(200);
  });

  it('accepts a JSON content type with an empty body', async () => {
    const agent = await createUserAndLogin(context);
    const response = await request(context.app, {
      method: 'POST',
      url: '/api/v1/auth/token/refresh',
      token: agent.token,
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('/api/v1/auth/register (first run)', () => {
  const firstAdmin = {
    name: 'Rosa',
    lastName: 'Núñez',
    username: ' Rosa@PrestaYa.mx ',
    password: 'primera123',
    pin: '2468',
  };
  const register = (payload: object) =>
    context.app.inject({ method: 'POST', url: '/api/v1/auth/register', payload });
  const status = async () =>
    (await context.app.inject({ method: 'GET', url: '/api/v1/auth/register' })).json();

  it('is open on an empty database, creates the first admin once, then closes', async () => {
    expect(await status()).toEqual({ status: 'OK', data: { open: true } });

    const created = await register(firstAdmin);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toEqual({
      status: 'OK',
      data: {
        id: expect.any(String),
        num: 1001,
        name: 'Rosa',
        lastName: 'Núñez',
        username: 'rosa@prestaya.mx',
        roles: ['ROLE_ADMIN'],
        status: 'A',
        createdOn: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    });
    expect((await login('rosa@prestaya.mx', 'primera123')).statusCode).toBe(200);

    expect(await status()).toEqual({ status: 'OK', data: { open: false } });
    expectProblem(
      await register({ ...firstAdmin, username: 'otra@prestaya.mx' }),
      403,
      'Las cuentas son creadas por un administrador',
    );
    const audit = rowsOf<{ action: string; after: Record<string, unknown> }>(
      await context.database.db.execute(sql`select action, after from audit_log`),
    );
    expect(audit).toEqual([
      { action: 'first_admin_registered', after: expect.objectContaining({ username: 'rosa@prestaya.mx' }) },
    ]);
  });

  it('creates exactly one admin when several first-run requests race', async () => {
    const replies = await Promise.all(
      [1, 2, 3].map((n) => register({ ...firstAdmin, username: `admin${n}@prestaya.mx` })),
    );
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 403, 403]);
    expect(await context.database.db.$count(users)).toBe(1);
  });

  it('validates the form like user creation', async () => {
    const problem = expectProblem(
      await register({ ...firstAdmin, username: 'no-es-correo', pin: '12' }),
      400,
    );
    expect(problem.errors).toEqual([
      { field: 'username', message: 'El usuario debe ser un correo electrónico válido' },
      { field: 'pin', message: 'El PIN debe ser de 4 a 6 dígitos' },
    ]);
    expect(await status()).toEqual({ status: 'OK', data: { open: true } });
  });
});
