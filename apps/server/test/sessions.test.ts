import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  loginToken,
  request,
  type TestUser,
  testConfig,
  useTestApp,
} from './support/app.ts';
import { rowsOf } from './support/database.ts';

/**
 * Sessions end when they should: a password change (by an administrator or oneself), a cancellation,
 * a reactivation or an administrator's 'Cerrar sesiones' refuse every token issued before (401, on the
 * next request); a refreshed token keeps the sign-in time, and refresh stops 7 days after sign-in.
 * The token clock is injected, so the test moves days forward without waiting.
 */
let clock = Date.now();
const context = useTestApp({}, { now: () => new Date(clock) });

const INVALID_SESSION = 'Sesión inválida o expirada';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const get = (url: string, token: string) => request(context.app, { method: 'GET', url, token });
const refresh = (token: string) =>
  request(context.app, { method: 'POST', url: '/api/v1/auth/token/refresh', token });
const revoke = (id: string, token: string) =>
  request(context.app, { method: 'POST', url: `/api/v1/users/${id}/revoke-sessions`, token });
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<string, number>;

/** The user's editable fields as the edit form sends them, with `changes` applied. */
async function updateUser(admin: TestUser, id: string, changes: Record<string, unknown>) {
  const read = await get(`/api/v1/users/${id}`, admin.token);
  const { id: _id, num: _num, createdOn: _createdOn, ...form } = read.json().data;
  const reply = await request(context.app, {
    method: 'PUT',
    url: `/api/v1/users/${id}`,
    token: admin.token,
    payload: { ...form, ...changes },
  });
  expect(reply.statusCode, reply.body).toBe(200);
}

async function expectRefused(token: string) {
  expectProblem(await get('/api/v1/customers', token), 401, INVALID_SESSION);
  expectProblem(await refresh(token), 401, INVALID_SESSION);
}
const expectWorks = async (token: string) =>
  expect((await get('/api/v1/customers', token)).statusCode).toBe(200);

describe('events that end every session of a user', () => {
  it("an administrator's password change refuses the user's earlier tokens, not the new sign-in", async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const refreshed = (await refresh(agent.token)).json().access_token as string;
    await expectWorks(agent.token);

    await updateUser(admin, agent.id, { password: 'NuevaClave2026' });
    await expectRefused(agent.token);
    await expectRefused(refreshed);
    const fresh = await loginToken(context.app, agent.username, 'NuevaClave2026');
    await expectWorks(fresh);
    await expectWorks(admin.token);
  });

  it("an administrator's own password change ends their own earlier sessions too", async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const otherTab = await loginToken(context.app, admin.username, admin.password);
    await updateUser(admin, admin.id, { password: 'MiNuevaClave1' });
    await expectRefused(admin.token);
    await expectRefused(otherTab);
    await expectWorks(await loginToken(context.app, admin.username, 'MiNuevaClave1'));
  });

  it('a cancellation refuses earlier tokens, and a reactivation does not bring them back', async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const version = async () =>
      rowsOf<{ v: number }>(
        await context.database.db.execute(sql`select token_version as v from users where id = ${agent.id}`),
      )[0]?.v;
    expect(await version()).toBe(0);

    await updateUser(admin, agent.id, { status: 'CANCELLED' });
    await expectRefused(agent.token);
    expect(await version()).toBe(1);

    await updateUser(admin, agent.id, { status: 'A' });
    expect(await version()).toBe(2);
    await expectRefused(agent.token);
    await expectWorks(await loginToken(context.app, agent.username, agent.password));
  });

  it("a token signed while the version was current stops at the reactivation's raise", async () => {
    // A token carrying the version of the cancelled period (as one issued then would): reactivating
    // raises the version again, so it never opens a session.
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    await updateUser(admin, agent.id, { status: 'CANCELLED' });
    const cancelledPeriod = signed({ sub: agent.id, ver: 1, auth_time: seconds(clock) });
    await updateUser(admin, agent.id, { status: 'A' });
    await expectRefused(cancelledPeriod);
    // The same token with the current version is accepted: the refusal was the version alone.
    await expectWorks(signed({ sub: agent.id, ver: 2, auth_time: seconds(clock) }));
  });

  it('changing the PIN, name, roles or DELAYED status keeps the sessions', async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    await updateUser(admin, agent.id, { pin: '8642', name: 'Otro', status: 'DELAYED' });
    await updateUser(admin, agent.id, { roles: ['ROLE_USER', 'ROLE_ADMIN'] });
    await expectWorks(agent.token);
  });
});

describe("POST /api/v1/users/:id/revoke-sessions ('Cerrar sesiones')", () => {
  it("refuses every earlier token of that user only, and is audited with the administrator's id", async () => {
    clock = Date.now();
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const colleague = await createUserAndLogin(context);
    const secondDevice = await loginToken(context.app, agent.username, agent.password);

    const reply = await revoke(agent.id, admin.token);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().data).toMatchObject({ id: agent.id, status: 'A' });
    await expectRefused(agent.token);
    await expectRefused(secondDevice);
    await expectWorks(colleague.token);
    await expectWorks(admin.token);
    // The password still works: the user simply signs in again.
    await expectWorks(await loginToken(context.app, agent.username, agent.password));

    const audit = rowsOf<{ user_id: string; action: string; entity: string; entity_id: string }>(
      await context.database.db.execute(
        sql`select user_id, action, entity, entity_id from audit_log where action = 'sessions_revoked'`,
      ),
    );
    expect(audit).toEqual([
      { user_id: admin.id, action: 'sessions_revoked', entity: 'user', entity_id: agent.id },
    ]);
  });

  it('is for administrators only, 404 for an unknown user, 400 for a malformed id', async () => {
    clock = Date.now();
    await createAdmin(context);
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const colleague = await createUserAndLogin(context);
    expectProblem(await revoke(colleague.id, agent.token), 403, 'No tiene permisos para esta operación');
    await expectWorks(colleague.token);
    expectProblem(
      await revoke('0196a000-0000-7000-8000-000000000000', admin.token),
      404,
      'Usuario no encontrado',
    );
    expectProblem(await revoke('no-es-uuid', admin.token), 400);
    expectProblem(
      await request(context.app, { method: 'POST', url: `/api/v1/users/${agent.id}/revoke-sessions` }),
      401,
      INVALID_SESSION,
    );
  });
});

const seconds = (ms: number) => Math.floor(ms / 1000);

/** A token signed with the server's secret (as the server would), with any session claims. */
function signed(claims: { sub: string; ver: number; auth_time: number }, exp = seconds(clock) + 3600) {
  const encode = (part: object) => Buffer.from(JSON.stringify(part)).toString('base64url');
  const body = {
    ...claims,
    jti: '0196a000-0000-7000-8000-00000000000a',
    sid: '0196a000-0000-7000-8000-0000000000fa',
    iat: seconds(clock),
    exp,
  };
  const unsigned = `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(body)}`;
  const signature = createHmac('sha256', testConfig().jwtSecret).update(unsigned).digest('base64url');
  return `${unsigned}.${signature}`;
}

describe("POST /api/v1/auth/logout ('Cerrar Sesión')", () => {
  const logout = (token: string) =>
    request(context.app, { method: 'POST', url: '/api/v1/auth/logout', token });

  it('ends that session on every server, its refreshed tokens too; the other sessions go on', async () => {
    clock = Date.now();
    const agent = await createUserAndLogin(context);
    const laptop = await loginToken(context.app, agent.username, agent.password);
    const colleague = await createUserAndLogin(context);
    // A token copied before logout, and one refreshed from it: the same session.
    const refreshed = (await refresh(agent.token)).json().access_token as string;
    expect(claimsOf(refreshed).sid).toBe(claimsOf(agent.token).sid);
    expect(claimsOf(laptop).sid).not.toBe(claimsOf(agent.token).sid);

    const reply = await logout(agent.token);
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json()).toEqual({ status: 'OK', data: { signedOut: true } });
    await expectRefused(agent.token);
    await expectRefused(refreshed);
    expectProblem(await logout(agent.token), 401, INVALID_SESSION);
    await expectWorks(laptop);
    await expectWorks(colleague.token);

    // Another server on the same database refuses it too: the session's end is a row, not memory.
    const other = await buildApp({ config: testConfig(), database: context.database, logger: false });
    try {
      const elsewhere = await request(other, { method: 'GET', url: '/api/v1/customers', token: refreshed });
      expectProblem(elsewhere, 401, INVALID_SESSION);
      expect(
        (await request(other, { method: 'GET', url: '/api/v1/customers', token: laptop })).statusCode,
      ).toBe(200);
    } finally {
      await other.close();
    }

    const audit = rowsOf<{ user_id: string; entity_id: string }>(
      await context.database.db.execute(
        sql`select user_id, entity_id from audit_log where action = 'signed_out'`,
      ),
    );
    expect(audit).toEqual([{ user_id: agent.id, entity_id: agent.id }]);
  });

  it('keeps a signed-out session only until it would have ended anyway', async () => {
    clock = Date.now();
    const agent = await createUserAndLogin(context);
    expect((await logout(agent.token)).statusCode).toBe(200);
    const listed = async () =>
      rowsOf<{ n: number }>(
        await context.database.db.execute(sql`select count(*)::int as n from signed_out_sessions`),
      )[0]?.n;
    expect(await listed()).toBe(1);
    // Its session ends 7 days after sign-in; a later logout clears the expired row.
    await context.database.db.execute(
      sql`update signed_out_sessions set expires_at = now() - interval '1 second'`,
    );
    const later = await loginToken(context.app, agent.username, agent.password);
    expect((await logout(later)).statusCode).toBe(200);
    expect(await listed()).toBe(1);
  });
});

describe('token refresh and the 7-day session', () => {
  it('a refreshed token keeps the sign-in time; refresh works for 7 days, then 401', async () => {
    // On a whole second: the end of the session then falls on the very millisecond of the last token's
    // exp, the moment the JWT library alone would still accept.
    const signIn = Date.now() - (Date.now() % 1000);
    clock = signIn;
    const agent = await createUserAndLogin(context);
    expect(claimsOf(agent.token)).toMatchObject({ auth_time: seconds(signIn), iat: seconds(signIn) });

    // Refreshing every 7 hours, as a browser left open would: each token keeps the sign-in time.
    let token = agent.token;
    for (clock = signIn + 7 * HOUR; clock < signIn + 7 * DAY - 7 * HOUR; clock += 7 * HOUR) {
      const reply = await refresh(token);
      expect(reply.statusCode, reply.body).toBe(200);
      token = reply.json().access_token;
      expect(claimsOf(token)).toMatchObject({ auth_time: seconds(signIn), iat: seconds(clock) });
      expect(claimsOf(token).exp).toBe(seconds(clock) + 8 * 3600);
    }
    // The last refresh (7 hours before the end): the token ends with the session, not 8 hours later.
    clock = signIn + 7 * DAY - 7 * HOUR;
    const last = await refresh(token);
    expect(last.statusCode, last.body).toBe(200);
    token = last.json().access_token;
    expect(claimsOf(token).exp).toBe(seconds(signIn) + 7 * 24 * 3600);
    await expectWorks(token);

    // 7 days after signing in: refused, requests and refresh alike; signing in again starts anew.
    clock = signIn + 7 * DAY;
    await expectRefused(token);
    const again = await loginToken(context.app, agent.username, agent.password);
    expect(claimsOf(again)).toMatchObject({ auth_time: seconds(clock) });
    await expectWorks(again);
  });

  it('refresh is refused once the sign-in is 7 days old; a token claiming to outlive it is refused everywhere', async () => {
    clock = Date.now();
    const agent = await createUserAndLogin(context);
    // Its own expiry an hour later than sign-in + 7 days: beyond the rule, so not honoured at all.
    const weekOld = signed({ sub: agent.id, ver: 0, auth_time: seconds(clock - 7 * DAY) });
    await expectRefused(weekOld);
    expectProblem(await refresh(weekOld), 401, INVALID_SESSION);
    const signIn = seconds(clock - 7 * DAY) + 60;
    const almostWeekOld = signed({ sub: agent.id, ver: 0, auth_time: signIn }, signIn + (7 * DAY) / 1000);
    await expectWorks(almostWeekOld);
    expect((await refresh(almostWeekOld)).statusCode).toBe(200);
  });

  it('a token without the session claims (version, sign-in time) is refused', async () => {
    clock = Date.now();
    const agent = await createUserAndLogin(context);
    const { auth_time: _a, ...noSignIn } = { sub: agent.id, ver: 0, auth_time: seconds(clock) };
    const { ver: _v, ...noVersion } = { sub: agent.id, ver: 0, auth_time: seconds(clock) };
    for (const claims of [noSignIn, noVersion, { sub: agent.id, ver: -1, auth_time: seconds(clock) }]) {
      await expectRefused(signed(claims as never));
    }
    await expectRefused(signed({ sub: agent.id, ver: 0, auth_time: seconds(clock) }, 0));
  });
});
