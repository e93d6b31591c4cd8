import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { usersApi } from './support/api.ts';
import { createAdmin, createUserAndLogin, expectProblem, loginToken, useTestApp } from './support/app.ts';
import { newUser } from './support/builders.ts';
import { rowsOf } from './support/database.ts';

const context = useTestApp();

const api = usersApi(context);

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
    // The random id may hold the PIN's digits by chance: the rest of the reply must not.
    expect(response.body.replace(body.data.id, '')).not.toMatch(/argon|hash|Agente2026|4826/i);
    expect((await api.createOk(admin.token, { username: 'mario@prestaya.mx' })).num).toBe(1003);
    expect(await loginToken(context.app, 'lucia@prestaya.mx', 'Agente2026!')).toBeTruthy();
  });

  it('stores the password and PIN as Argon2id hashes', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
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
    await api.createOk(admin.token);
    const duplicate = await api.create(admin.token, newUser({ username: 'LUCIA@prestaya.MX', name: 'Otra' }));
    expectProblem(duplicate, 409, 'username: Ya existe un usuario con ese correo');
    // Concurrent duplicates: the unique index decides, exactly one wins.
    const racing = await Promise.all(
      [1, 2, 3].map(() => api.create(admin.token, newUser({ username: 'carrera@prestaya.mx' }))),
    );
    expect(racing.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
  });

  it('names the username field of a duplicate and spends no user number on it', async () => {
    const admin = await createAdmin(context); // 1001
    expect((await api.createOk(admin.token)).num).toBe(1002);
    const duplicate = expectProblem(await api.create(admin.token, newUser()), 409);
    expect(duplicate.errors).toEqual([{ field: 'username', message: 'Ya existe un usuario con ese correo' }]);
    expect((await api.createOk(admin.token, { username: 'mario@prestaya.mx' })).num).toBe(1003);

    // Racing creations: the duplicates wait for the winner and are refused before taking a number;
    // distinct users racing still get distinct, consecutive numbers.
    const same = await Promise.all(
      [1, 2, 3].map(() => api.create(admin.token, newUser({ username: 'r@x.mx' }))),
    );
    expect(same.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const distinct = await Promise.all(
      ['a', 'b', 'c'].map((name) => api.createOk(admin.token, { username: `${name}@prestaya.mx` })),
    );
    expect(distinct.map((u) => u.num).sort()).toEqual([1005, 1006, 1007]);
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
    await api.createOk(admin.token, { name: 'José', lastName: 'Gómez', username: 'jose@prestaya.mx' });
    await api.createOk(admin.token, { name: 'Ana', lastName: 'Álvarez', username: 'ana@prestaya.mx' });
    await api.createOk(admin.token, {
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
    // pinBurst: a burst of wrong PINs reported in the last day (the badge in Usuarios), null here.
    expect(Object.keys(first.json().data[0]).sort()).toEqual(
      ['createdOn', 'id', 'lastName', 'name', 'num', 'pinBurst', 'roles', 'status', 'username'].sort(),
    );
    expect(first.json().data[0].pinBurst).toBeNull();
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
    const created = await api.createOk(admin.token);
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
