import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { describe, expect, it } from 'vitest';
import { usersApi } from './support/api.ts';
import { createAdmin, expectProblem, loginToken, useTestApp } from './support/app.ts';
import { newUser } from './support/builders.ts';
import { rowsOf } from './support/database.ts';

const context = useTestApp();

const api = usersApi(context);

describe('PUT /api/v1/users/:id', () => {
  it('keeps the password and PIN when absent and changes them when given', async () => {
    const admin = await createAdmin(context);
    const created = await api.createOk(admin.token);
    const pinHash = async () =>
      rowsOf<{ pin_hash: string }>(
        await context.database.db.execute(sql`select pin_hash from users where id = ${created.id}`),
      )[0]?.pin_hash;
    const originalPin = await pinHash();

    const fields = await api.editable(admin.token, created.id);
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
    const lucia = await api.createOk(admin.token);
    await api.createOk(admin.token, { username: 'mario@prestaya.mx' });
    const fields = await api.editable(admin.token, lucia.id);
    expectProblem(
      await api.update(admin.token, lucia.id, { ...fields, username: 'Mario@PrestaYa.mx' }),
      409,
      'username: Ya existe un usuario con ese correo',
    );
    expectProblem(await api.update(admin.token, uuidv7(), fields), 404, 'Usuario no encontrado');
  });

  it('needs every editable field (status included) and validates them', async () => {
    const admin = await createAdmin(context);
    const lucia = await api.createOk(admin.token);
    const { status: _status, ...withoutStatus } = await api.editable(admin.token, lucia.id);
    const problem = expectProblem(
      await api.update(admin.token, lucia.id, { ...withoutStatus, pin: 'abcd' }),
      400,
    );
    expect(problem.errors?.map((e) => e.field).sort()).toEqual(['pin', 'status']);
  });

  it('does not let an admin cancel themself or drop their own admin role', async () => {
    const admin = await createAdmin(context);
    const self = await api.editable(admin.token, admin.id);
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
    const firstFields = await api.editable(first.token, first.id);
    const secondFields = await api.editable(first.token, second.id);
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
    const created = await api.createOk(admin.token);
    const fields = await api.editable(admin.token, created.id);
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
    await api.createOk(admin.token);
    const before = await context.database.db.execute(sql`select count(*)::int as n from audit_log`);
    await api.create(admin.token, newUser());
    const after = await context.database.db.execute(sql`select count(*)::int as n from audit_log`);
    expect(rowsOf(after)).toEqual(rowsOf(before));
  });
});
