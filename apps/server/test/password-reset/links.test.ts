import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passwordResets } from '../../src/db/schema/password-resets.ts';
import { passwordResetApi, usersApi } from '../support/api.ts';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  loginToken,
  request,
  useTestApp,
} from '../support/app.ts';
import { rowsOf } from '../support/database.ts';
import { auditRowsOf } from '../support/records.ts';
import { holdRowLock } from '../support/row-lock.ts';

/**
 * Password recovery without e-mail: an administrator's one-time link (24 h, single use, shown once),
 * opened and used without a session. The app's clock is injected, so expiry is tested by moving it.
 */
let clock = Date.now();
const context = useTestApp({}, { now: () => new Date(clock) });
const links = passwordResetApi(context);
const usersClient = usersApi(context);

const INVALID_LINK =
  'Este enlace para restablecer la contraseña no es válido o ya no está vigente. Pide a un administrador uno nuevo.';
const CUT_SHORT = 'El enlace está incompleto o mal copiado';
const DAY = 24 * 60 * 60 * 1000;
const NEW_PASSWORD = 'NuevaClave2026';

const login = (username: string, password: string) =>
  context.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { username, password } });
const customers = (token: string) => request(context.app, { method: 'GET', url: '/api/v1/customers', token });
const sha256 = (text: string) => createHash('sha256').update(text).digest('base64url');

const storedLinks = (userId: string) =>
  context.database.db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.userId, userId))
    .orderBy(passwordResets.id);

async function expectDead(token: string) {
  expectProblem(await links.open(token), 404, INVALID_LINK);
  expectProblem(await links.use(token, NEW_PASSWORD), 404, INVALID_LINK);
}

describe('generating a link (POST /api/v1/users/{id}/password-reset)', () => {
  it('gives the link once, valid 24 h, and stores only its SHA-256; the audit names who, not the token', async () => {
    clock = Date.parse('2026-03-02T18:00:00.000Z');
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const link = await links.generateOk(admin.token, agent.id);

    expect(link).toEqual({
      userId: agent.id,
      path: `/auth/reset/${link.token}`,
      expiresOn: '2026-03-03T18:00:00.000Z',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    const [stored] = await storedLinks(agent.id);
    expect(stored).toMatchObject({ tokenHash: sha256(link.token), createdBy: admin.id, usedOn: null });
    const everything = JSON.stringify(
      rowsOf(await context.database.db.execute(sql`select * from password_resets`)),
    );
    expect(everything).not.toContain(link.token);

    const audit = await auditRowsOf(context, agent.id);
    const entry = audit.find((row) => row.action === 'password_reset_link_created');
    expect(entry).toMatchObject({
      user_id: admin.id,
      entity: 'user',
      after: { expiresOn: '2026-03-03T18:00:00.000Z', earlierLinksEnded: 0 },
    });
    expect(JSON.stringify(audit)).not.toContain(link.token);
    expect(JSON.stringify(audit)).not.toContain(stored?.tokenHash);
  });

  it('is for administrators only; an unknown user is 404, a cancelled one 409', async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const cancelled = await createUserAndLogin(context, { status: 'CANCELLED' });

    expectProblem(await links.generate(agent.token, agent.id), 403, 'No tiene permisos para esta operación');
    expectProblem(await links.generate('', agent.id), 401);
    expectProblem(
      await links.generate(admin.token, '0190a0c0-0000-7000-8000-000000000999'),
      404,
      'Usuario no encontrado',
    );
    expectProblem(
      await links.generate(admin.token, cancelled.id),
      409,
      'No se puede generar un enlace para un usuario cancelado; reactívelo primero',
    );
    expect(await storedLinks(agent.id)).toEqual([]);
  });

  it('a new link ends the earlier unused one', async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const first = await links.generateOk(admin.token, agent.id);
    const second = await links.generateOk(admin.token, agent.id);

    await expectDead(first.token);
    expect((await links.open(second.token)).statusCode).toBe(200);
    const entries = (await auditRowsOf(context, agent.id)).filter(
      (row) => row.action === 'password_reset_link_created',
    );
    expect(entries.map((row) => row.after?.earlierLinksEnded)).toEqual([0, 1]);
  });
});

describe('opening and using a link (/api/v1/auth/password-reset/{token})', () => {
  it('says whose account it resets and until when, without a session', async () => {
    clock = Date.parse('2026-03-02T18:00:00.000Z');
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context, { name: 'Lucía', lastName: 'Núñez' });
    const link = await links.generateOk(admin.token, agent.id);

    const opened = await links.open(link.token);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      status: 'OK',
      data: {
        name: 'Lucía',
        lastName: 'Núñez',
        username: agent.username,
        expiresOn: '2026-03-03T18:00:00.000Z',
      },
    });
  });

  it('sets the new password once: the old one stops working and every earlier session ends', async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const otherDevice = await loginToken(context.app, agent.username, agent.password);
    const link = await links.generateOk(admin.token, agent.id);

    const used = await links.use(link.token, NEW_PASSWORD);
    expect(used.statusCode, used.body).toBe(200);
    expect(used.json()).toEqual({ status: 'OK', data: { username: agent.username } });

    expectProblem(await login(agent.username, agent.password), 401, 'Usuario y/o contraseña incorrecta');
    for (const token of [agent.token, otherDevice]) {
      expectProblem(await customers(token), 401, 'Sesión inválida o expirada');
    }
    expect((await customers(await loginToken(context.app, agent.username, NEW_PASSWORD))).statusCode).toBe(
      200,
    );
    expect((await customers(admin.token)).statusCode).toBe(200);

    // Single use: the link is dead now, and a second password is never set through it.
    await expectDead(link.token);
    expect((await login(agent.username, NEW_PASSWORD)).statusCode).toBe(200);
    const [stored] = await storedLinks(agent.id);
    expect(stored?.usedOn).toEqual(new Date(clock));
    expect((await auditRowsOf(context, agent.id)).at(-1)).toMatchObject({
      user_id: agent.id,
      action: 'password_reset_link_used',
      after: { passwordChanged: true, sessionsEnded: true },
    });
  });

  it('refuses a password that breaks the rules with a Spanish 400 and leaves the link usable', async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const link = await links.generateOk(admin.token, agent.id);

    expectProblem(
      await links.use(link.token, 'corta'),
      400,
      'password: La contraseña debe tener al menos 8 caracteres',
    );
    expectProblem(
      await links.use(link.token, 'x'.repeat(129)),
      400,
      'password: La contraseña es demasiado larga',
    );
    expect((await login(agent.username, agent.password)).statusCode).toBe(200);
    expect((await links.use(link.token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('works until 24 h after it was generated, not at 24 h', async () => {
    const start = Date.now();
    clock = start;
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const link = await links.generateOk(admin.token, agent.id);

    clock = start + DAY - 1;
    expect((await links.open(link.token)).statusCode).toBe(200);
    clock = start + DAY;
    await expectDead(link.token);
    clock = start + DAY - 1;
    expect((await links.use(link.token, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("answers an unknown link and a cancelled user's link alike; a link cut short is a 400 saying so", async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const link = await links.generateOk(admin.token, agent.id);
    const editable = await usersClient.editable(admin.token, agent.id);
    expect(
      (await usersClient.update(admin.token, agent.id, { ...editable, status: 'CANCELLED' })).statusCode,
    ).toBe(200);

    for (const token of [link.token, 'A'.repeat(43)]) await expectDead(token);
    for (const token of [link.token.slice(0, 40), `${link.token}x`, `${link.token.slice(0, 42)}=`]) {
      expectProblem(await links.open(token), 400, `token: ${CUT_SHORT}`);
      expectProblem(await links.use(token, NEW_PASSWORD), 400, `token: ${CUT_SHORT}`);
    }
    expect(await storedLinks(agent.id)).toMatchObject([{ usedOn: null }]);
  });

  it('two submissions at once: one sets its password, the other is refused', async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const link = await links.generateOk(admin.token, agent.id);

    // On PostgreSQL both requests are made to wait on the user's row together; PGlite runs them in turn.
    const gate =
      context.database.kind === 'pg' ? await holdRowLock(context.database, 'users', agent.id) : null;
    const burst = Promise.all([
      links.use(link.token, 'PrimeraClave1'),
      links.use(link.token, 'SegundaClave2'),
    ]);
    if (gate) {
      expect(await gate.waitForBlocked(2)).toBeGreaterThanOrEqual(2);
      await gate.release();
    }
    const replies = await burst;

    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 404]);
    const refused = replies.find((reply) => reply.statusCode === 404);
    if (refused) expectProblem(refused, 404, INVALID_LINK);
    const winner = replies[0]?.statusCode === 200 ? 'PrimeraClave1' : 'SegundaClave2';
    const loser = winner === 'PrimeraClave1' ? 'SegundaClave2' : 'PrimeraClave1';
    expect((await login(agent.username, winner)).statusCode).toBe(200);
    expect((await login(agent.username, loser)).statusCode).toBe(401);
    const used = (await auditRowsOf(context, agent.id)).filter(
      (row) => row.action === 'password_reset_link_used',
    );
    expect(used).toHaveLength(1);
  });
});
