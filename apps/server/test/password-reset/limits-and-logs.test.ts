import { describe, expect, it } from 'vitest';
import { passwordResetApi } from '../support/api.ts';
import {
  appWithCapturedLogs,
  createAdmin,
  createUserAndLogin,
  expectProblem,
  request,
  useTestApp,
} from '../support/app.ts';

/**
 * A reset link is a credential: its routes are rate-limited per client address with the login's budget,
 * and its token never reaches the server log, neither from the API's URL nor from the page's.
 */
const LIMIT = 3;
const context = useTestApp({ loginRateLimit: { max: LIMIT, addressMax: 100, timeWindowMs: 60_000 } });
const links = passwordResetApi(context);

const TOO_MANY = 'Demasiados intentos. Intente de nuevo en un minuto.';
const guess = (n: number) => `${String(n).padStart(3, '0')}${'G'.repeat(40)}`;

describe('rate limit of the reset link routes', () => {
  it(`allows ${LIMIT} tries a window per address, opening and using together, then 429 with Retry-After`, async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const link = await links.generateOk(admin.token, agent.id);

    for (let n = 0; n < LIMIT - 1; n += 1) expect((await links.open(guess(n))).statusCode).toBe(404);
    expect((await links.use(guess(LIMIT), 'NuevaClave2026')).statusCode).toBe(404);

    const opened = await links.open(link.token);
    expectProblem(opened, 429, TOO_MANY);
    expect(Number(opened.headers['retry-after'])).toBeGreaterThan(0);
    expectProblem(await links.use(link.token, 'NuevaClave2026'), 429, TOO_MANY);
    // The budget is its own: signing in from the same address still works.
    const login = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: agent.username, password: agent.password },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('the server log', () => {
  it('never holds a reset token: URLs show it redacted', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const { app, logs } = await appWithCapturedLogs(context, undefined, {
      loginRateLimit: { max: 100, addressMax: 100, timeWindowMs: 60_000 },
    });
    try {
      const generated = await request(app, {
        method: 'POST',
        url: `/api/v1/users/${agent.id}/password-reset`,
        token: admin.token,
      });
      expect(generated.statusCode, generated.body).toBe(201);
      const { path } = generated.json().data as { path: string };
      const token = path.split('/').pop() as string;
      const api = `/api/v1/auth/password-reset/${token}`;

      await app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect((await app.inject({ method: 'GET', url: api })).statusCode).toBe(200);
      expect(
        (await app.inject({ method: 'POST', url: api, payload: { password: 'corta' } })).statusCode,
      ).toBe(400);
      const used = await app.inject({ method: 'POST', url: api, payload: { password: 'NuevaClave2026' } });
      expect(used.statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `${api}/extra?x=1` })).statusCode).toBe(404);

      const output = logs();
      expect(output).toContain('"url":"/api/v1/auth/password-reset/[redactado]"');
      expect(output).toContain('"url":"/auth/reset/[redactado]"');
      expect(output).toContain('"url":"/api/v1/auth/password-reset/[redactado]/extra?x=1"');
      for (const secret of [token, 'NuevaClave2026', 'corta']) expect(output).not.toContain(secret);
    } finally {
      await app.close();
    }
  });
});
