import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  loginToken,
  request,
  type TestUser,
  useTestApp,
} from './support/app.ts';
import { rowsOf } from './support/database.ts';

const context = useTestApp();

const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Lucía',
  lastName: 'Núñez Pérez',
  username: 'lucia@prestaya.mx',
  password: 'Agente2026!',
  pin: '4826',
  roles: ['ROLE_USER'],
  ...overrides,
});

const api = {
  list: (token: string, query = '') =>
    request(context.app, { method: 'GET', url: `/api/v1/users${query}`, token }),
  create: (token: string, payload: unknown) =>
    request(context.app, { method: 'POST', url: '/api/v1/users', token, payload: payload as object }),
  get: (token: string, id: string) =>
    request(context.app, { method: 'GET', url: `/api/v1/users/${id}`, token }),
  update: (token: string, id: string, payload: unknown) =>
    request(context.app, { method: 'PUT', url: `/api/v1/users/${id}`, token, payload: payload as object }),
};

async function createViaApi(admin: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await api.create(admin.token, newUser(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as {
    id: string;
    num: number;
    username: string;
    status: string;
    roles: string[];
  };
}

/** The editable fields of a user as the dialog would send them back (no password/PIN). */
async function editable(admin: TestUser, id: string) {
  const {
    id: _id,
    num: _num,
    createdOn: _createdOn,
    ...fields
  } = (await api.get(admin.token, id)).json().data;
  return fields as Record<string, unknown>;
}

describe('access to /api/v1/users', () => {
  it('is 401 for anonymous callers and 403 for agents on every endpoint', async () => {
    const agent = await createUserAndLogin(context, { roles: ['ROLE_USER'] });
    const someId = uuidv7();
    const calls = (token: string) => [
      api.list(token),
      api.create(token, newUser()),
      api.get(token, someId),
      api.update(token, someId, newUser()),
    ];
    for (const response of await Promise.all(calls(''))) {
      expectProblem(response, 401, 'Sesión inválida o expirada');
    }
    for (const response of await Promise.all(calls(agent.token))) {
      expectProblem(response, 403, 'No tiene permisos para esta operación');
    }
  });

  it('lets a user holding both roles in', async () => {
    const both = await createUserAndLogin(context, { roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    expect((await api.list(both.token)).statusCode).toBe(200);
  });
});

describe('POST /api/v1/users', () => {
  it('creates users numbered from 1001 and answers 201 with the envelope, never hashes', async () => {
    const admin = await createAdmin(context); // 1001
    const response = await api.create(admin.token, newUser({ username: '  Lucia@PrestaYa.MX ' }));
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      status: 'OK',
      data: {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        num: 1002,
        name: 'Lucía',
        lastName: 'Núñez Pérez',
        username: 'lucia@prestaya.mx',
        roles: ['ROLE_USER'],
        status: 'A',
        createdOn: expect.any(String),
      },
    });
    expect(response.body).not.toMatch(/argon|hash|Agente2026|4826/i);
    expect((await createViaApi(admin, { username: 'mario@prestaya.mx' })).num).toBe(1003);
    expect(await loginToken(context.app, 'lucia@prestaya.mx', 'Agente2026!')).toBeTruthy();
  });

  it('stores the password and PIN as Argon2id hashes', async () => {
    const admin = await createAdmin(context);
    const created = await createViaApi(admin);
    const [row] = rowsOf<{ password_hash: string; pin_hash: string }>(
      await context.database.db.execute(
        sql`select password_hash, pin_hash from users where id = ${created.id}`,
      ),
    );
    expect(row?.pin_hash).toMatch(/^\$argon2id\$/);
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    expect(row?.pin_hash).not.toContain('4826');
    expect(row?.password_hash).not.toContain('Agente2026!');
  });

  it('refuses a duplicate e-mail, whatever its case, with 409', async () => {
    const admin = await createAdmin(context);
    await createViaApi(admin);
    const duplicate = await api.create(admin.token, newUser({ username: 'LUCIA@prestaya.MX', name: 'Otra' }));
    expectProblem(duplicate, 409, 'Ya existe un usuario con ese correo');
    // Concurrent duplicates: the unique index decides, exactly one wins.
    const racing = await Promise.all(
      [1, 2, 3].map(() => api.create(admin.token, newUser({ username: 'carrera@prestaya.mx' }))),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it.each([
    ['an empty body', {}, ['lastName', 'name', 'password', 'pin', 'roles', 'username']],
    ['a bad e-mail', newUser({ username: 'lucia' }), ['username']],
    ['a short password', newUser({ password: 'corta' }), ['password']],
    ['a 2-digit PIN', newUser({ pin: '12' }), ['pin']],
    ['wrong types', newUser({ name: 42, roles: 'ROLE_ADMIN', pin: 1234 }), ['name', 'pin', 'roles']],
    ['an unknown role', newUser({ roles: ['ROLE_ROOT'] }), ['roles.0']],
    ['no role', newUser({ roles: [] }), ['roles']],
    ['an unknown status', newUser({ status: 'X' }), ['status']],
  ])('answers 400 naming the field for %s', async (_label, payload, fields) => {
    const admin = await createAdmin(context);
    const problem = expectProblem(await api.create(admin.token, payload), 400);
    expect([...new Set(problem.errors?.map((e) => e.field))].sort()).toEqual(fields);
    for (const error of problem.errors ?? [])
      expect(problem.detail).toContain(`${error.field}: ${error.message}`);
  });

  it('gives the exact Spanish messages of the contracts', async () => {
    const admin = await createAdmin(context);
    const problem = expectProblem(await api.create(admin.token, newUser({ username: 'x', pin: '12' })), 400);
    expect(problem.detail).toBe(
      'username: El usuario debe ser un correo electrónico válido; pin: El PIN debe ser de 4 a 6 dígitos',
    );
  });
});

describe('GET /api/v1/users', () => {
  async function seed() {
    const admin = await createAdmin(context, {
      name: 'Admin',
      lastName: 'Zeta',
      username: 'admin@prestaya.mx',
    });
    await createViaApi(admin, { name: 'José', lastName: 'Gómez', username: 'jose@prestaya.mx' });
    await createViaApi(admin, { name: 'Ana', lastName: 'Álvarez', username: 'ana@prestaya.mx' });
    await createViaApi(admin, {
      name: 'Beto',
      lastName: 'Díaz',
      username: 'beto@prestaya.mx',
      status: 'CANCELLED',
    });
    return admin;
  }
  const names = (response: { json: () => { data: { name: string }[] } }) =>
    response.json().data.map((u) => u.name);

  it('pages by num ascending by default', async () => {
    const admin = await seed();
    const first = await api.list(admin.token, '?page=1&size=3');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ page: 1, size: 3, totalDocuments: 4, totalPages: 2 });
    expect(first.json().data.map((u: { num: number }) => u.num)).toEqual([1001, 1002, 1003]);
    const second = await api.list(admin.token, '?page=2&size=3');
    expect(second.json().data.map((u: { num: number }) => u.num)).toEqual([1004]);
    const beyond = await api.list(admin.token, '?page=9&size=3');
    expect(beyond.json()).toMatchObject({ data: [], page: 9, totalDocuments: 4, totalPages: 2 });
    expect(Object.keys(first.json().data[0]).sort()).toEqual(
      ['createdOn', 'id', 'lastName', 'name', 'num', 'roles', 'status', 'username'].sort(),
    );
  });

  it('searches name, last name and e-mail ignoring case and accents', async () => {
    const admin = await seed();
    expect(names(await api.list(admin.token, '?query=gomez'))).toEqual(['José']);
    expect(names(await api.list(admin.token, '?query=JOSÉ'))).toEqual(['José']);
    expect(names(await api.list(admin.token, '?query=alvarez'))).toEqual(['Ana']);
    expect(names(await api.list(admin.token, '?query=ana%20alv'))).toEqual(['Ana']);
    expect(names(await api.list(admin.token, '?query=beto%40prestaya'))).toEqual(['Beto']);
    expect(names(await api.list(admin.token, '?query=%25'))).toEqual([]); // % is literal, not a wildcard
  });

  it('matches the user number when the query is numeric, without overflowing', async () => {
    const admin = await seed();
    expect(names(await api.list(admin.token, '?query=1003'))).toEqual(['Ana']);
    const huge = await api.list(admin.token, '?query=99999999999999999999');
    expect(huge.statusCode).toBe(200);
    expect(huge.json().data).toEqual([]);
  });

  it('filters by status with q and rejects an unknown status', async () => {
    const admin = await seed();
    expect(names(await api.list(admin.token, '?q=CANCELLED'))).toEqual(['Beto']);
    expect(names(await api.list(admin.token, '?q=A&orderBy=name'))).toEqual(['Admin', 'Ana', 'José']);
    expectProblem(await api.list(admin.token, '?q=BORRADO'), 400, 'q: Estatus inválido');
  });

  it('orders by an allow-listed column in either direction, and refuses others', async () => {
    const admin = await seed();
    expect(names(await api.list(admin.token, '?orderBy=lastName'))).toEqual(['Ana', 'Beto', 'José', 'Admin']);
    expect(names(await api.list(admin.token, '?orderBy=name&order=desc'))).toEqual([
      'José',
      'Beto',
      'Ana',
      'Admin',
    ]);
    expect(names(await api.list(admin.token, '?orderBy=num&order=desc'))[0]).toBe('Beto');
    for (const bad of ['password_hash', 'id;drop', '__proto__', 'toString']) {
      const problem = expectProblem(await api.list(admin.token, `?orderBy=${encodeURIComponent(bad)}`), 400);
      expect(problem.errors?.[0]?.field).toBe('orderBy');
    }
  });

  it.each([
    ['page=0', 'page'],
    ['size=101', 'size'],
    ['page=abc', 'page'],
    ['page=1e400', 'page'],
    ['size=2.5', 'size'],
    ['order=up', 'order'],
  ])('answers 400 for %s', async (query, field) => {
    const admin = await createAdmin(context);
    const problem = expectProblem(await api.list(admin.token, `?${query}`), 400);
    expect(problem.errors?.map((e) => e.field)).toEqual([field]);
  });
});

describe('GET /api/v1/users/:id', () => {
  it('returns the envelope, 404 for an unknown id and 400 for a malformed one', async () => {
    const admin = await createAdmin(context);
    const created = await createViaApi(admin);
    const found = await api.get(admin.token, created.id);
    expect(found.statusCode).toBe(200);
    expect(found.json()).toMatchObject({
      status: 'OK',
      data: { id: created.id, username: 'lucia@prestaya.mx' },
    });
    expectProblem(await api.get(admin.token, uuidv7()), 404, 'Usuario no encontrado');
    expectProblem(await api.get(admin.token, 'not-a-uuid'), 400, 'id: Identificador inválido');
    expectProblem(await api.get(admin.token, "1' or '1'='1"), 400, 'id: Identificador inválido');
  });
});

describe('PUT /api/v1/users/:id', () => {
  it('keeps the password and PIN when absent and changes them when given', async () => {
    const admin = await createAdmin(context);
    const created = await createViaApi(admin);
    const pinHash = async () =>
      rowsOf<{ pin_hash: string }>(
        await context.database.db.execute(sql`select pin_hash from users where id = ${created.id}`),
      )[0]?.pin_hash;
    const originalPin = await pinHash();

    const fields = await editable(admin, created.id);
    const renamed = await api.update(admin.token, created.id, { ...fields, lastName: 'Núñez Soto' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({
      status: 'OK',
      data: { lastName: 'Núñez Soto', num: created.num },
    });
    expect(await loginToken(context.app, 'lucia@prestaya.mx', 'Agente2026!')).toBeTruthy();
    expect(await pinHash()).toBe(originalPin);

    const changed = await api.update(admin.token, created.id, {
      ...fields,
      password: 'NuevaClave1',
      pin: '9275',
    });
    expect(changed.statusCode).toBe(200);
    const login = (password: string) =>
      context.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'lucia@prestaya.mx', password },
      });
    expect((await login('Agente2026!')).statusCode).toBe(401);
    expect((await login('NuevaClave1')).statusCode).toBe(200);
    expect(await pinHash()).not.toBe(originalPin);
  });

  it('refuses taking another user’s e-mail with 409, and 404 for an unknown user', async () => {
    const admin = await createAdmin(context);
    const lucia = await createViaApi(admin);
    await createViaApi(admin, { username: 'mario@prestaya.mx' });
    const fields = await editable(admin, lucia.id);
    expectProblem(
      await api.update(admin.token, lucia.id, { ...fields, username: 'Mario@PrestaYa.mx' }),
      409,
      'Ya existe un usuario con ese correo',
    );
    expectProblem(await api.update(admin.token, uuidv7(), fields), 404, 'Usuario no encontrado');
  });

  it('needs every editable field (status included) and validates them', async () => {
    const admin = await createAdmin(context);
    const lucia = await createViaApi(admin);
    const { status: _status, ...withoutStatus } = await editable(admin, lucia.id);
    const problem = expectProblem(
      await api.update(admin.token, lucia.id, { ...withoutStatus, pin: 'abcd' }),
      400,
    );
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(['pin', 'status']);
  });

  it('does not let an admin cancel themself or drop their own admin role', async () => {
    const admin = await createAdmin(context);
    const self = await editable(admin, admin.id);
    expectProblem(
      await api.update(admin.token, admin.id, { ...self, status: 'CANCELLED' }),
      400,
      'status: No puede cancelar su propia cuenta',
    );
    expectProblem(
      await api.update(admin.token, admin.id, { ...self, roles: ['ROLE_USER'] }),
      400,
      'roles: No puede quitarse a sí mismo el rol de Administrador',
    );
    const renamed = await api.update(admin.token, admin.id, { ...self, name: 'Jefa' });
    expect(renamed.statusCode).toBe(200);
  });

  it('never leaves the system without an active admin, even when two admins cancel each other at once', async () => {
    const first = await createAdmin(context);
    const second = await createAdmin(context);
    const firstFields = await editable(first, first.id);
    const secondFields = await editable(first, second.id);
    const replies = await Promise.all([
      api.update(first.token, second.id, { ...secondFields, status: 'CANCELLED' }),
      api.update(second.token, first.id, { ...firstFields, status: 'CANCELLED' }),
    ]);
    const codes = replies.map((r) => r.statusCode).sort();
    // The loser is refused either by the last-admin rule (409) or because its own session was just cancelled (401).
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const active = rowsOf<{ n: number }>(
      await context.database.db.execute(
        sql`select count(*)::int as n from users where status <> 'CANCELLED' and 'ROLE_ADMIN' = any(roles)`,
      ),
    );
    expect(active[0]?.n).toBe(1);
  });
});

describe('audit trail', () => {
  it('records creation and update with actor, before and after, and never a hash', async () => {
    const admin = await createAdmin(context);
    const created = await createViaApi(admin);
    const fields = await editable(admin, created.id);
    await api.update(admin.token, created.id, { ...fields, status: 'DELAYED', password: 'OtraClave99' });

    const rows = rowsOf<{
      user_id: string | null;
      entity: string;
      action: string;
      before: unknown;
      after: unknown;
    }>(
      await context.database.db.execute(
        sql`select user_id, entity, action, before, after from audit_log where entity_id = ${created.id} order by at, id`,
      ),
    );
    expect(rows.map((r) => [r.user_id, r.entity, r.action])).toEqual([
      [admin.id, 'user', 'created'],
      [admin.id, 'user', 'updated'],
    ]);
    expect(rows[0]?.after).toMatchObject({ username: 'lucia@prestaya.mx', status: 'A', hasPin: true });
    expect(rows[1]?.before).toMatchObject({ status: 'A' });
    expect(rows[1]?.after).toMatchObject({ status: 'DELAYED', passwordChanged: true, pinChanged: false });
    expect(JSON.stringify(rows)).not.toMatch(/argon|Hash|OtraClave99|Agente2026/);
  });

  it('writes nothing when the change is refused', async () => {
    const admin = await createAdmin(context);
    await createViaApi(admin);
    const before = await context.database.db.execute(sql`select count(*)::int as n from audit_log`);
    await api.create(admin.token, newUser());
    const after = await context.database.db.execute(sql`select count(*)::int as n from audit_log`);
    expect(rowsOf(after)).toEqual(rowsOf(before));
  });
});
