import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { createAdmin, createUserAndLogin, expectProblem, testConfig, useTestApp } from '../support/app.ts';
import { fakeWebDist } from './support/web-dist.ts';
import { scalar, sql } from './world.ts';

/**
 * Sign-in and browser-facing hardening (OWASP ASVS V2/V14):
 * - login brute force is throttled per (username, client address) and per client address (429),
 *   across servers, a spoofed X-Forwarded-For does not reset it, and one account hammered from an
 *   office's shared address does not stop colleagues behind that address from signing in;
 * - security headers on API, problem, SPA, asset and image responses.
 * Forged and revoked tokens: auth-tokens.test.ts.
 */
/** The defaults (config.ts): 10 a minute per username and address, 100 per address. */
const LOGIN_LIMITS = { max: 10, addressMax: 100, timeWindowMs: 60_000 };
const context = useTestApp({
  webDist: fakeWebDist({ publicPage: true }),
  loginRateLimit: LOGIN_LIMITS,
});

describe('login brute force', () => {
  /** The attacker's address (createAdmin signs in from the default one), shared by an office. */
  const ATTACKER = '198.51.100.7';
  const TOO_MANY = 'Demasiados intentos. Intente de nuevo en un minuto.';
  const login = (
    username: string,
    password: string,
    options: { remoteAddress?: string; headers?: Record<string, string> } = {},
    app = context.app,
  ) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username, password },
      remoteAddress: ATTACKER,
      ...options,
    });
  const counterRows = () => scalar<number>(context, sql`select count(*)::int as value from rate_limit_hits`);

  it(`${LOGIN_LIMITS.max} wrong passwords for one account from one address: 429 there even for the right password; colleagues there and the account elsewhere still sign in`, async () => {
    const admin = await createAdmin(context);
    const colleague = await createUserAndLogin(context);
    for (let i = 0; i < LOGIN_LIMITS.max; i++) {
      expectProblem(await login(admin.username, `intento-${i}`), 401, 'Usuario y/o contraseña incorrecta');
    }
    // The right password now tells the attacker nothing: same 429 as a wrong one, whatever the case.
    const limited = await login(admin.username, admin.password);
    expectProblem(limited, 429, TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expectProblem(await login(admin.username, 'incorrecta'), 429, TOO_MANY);
    expectProblem(await login(` ${admin.username.toUpperCase()} `, admin.password), 429, TOO_MANY);
    // A forged X-Forwarded-For is not believed (TRUST_PROXY off): still the same client.
    expectProblem(
      await login(admin.username, admin.password, { headers: { 'x-forwarded-for': '203.0.113.9' } }),
      429,
    );
    // A second server on the same database counts the same attempts.
    const second = await buildApp({
      config: testConfig({ loginRateLimit: LOGIN_LIMITS }),
      database: context.database,
      logger: false,
    });
    try {
      expectProblem(await login(admin.username, admin.password, {}, second), 429, TOO_MANY);
    } finally {
      await second.close();
    }
    // The attacker keeps hammering; a colleague behind the same address still signs in, and so does
    // the administrator from another address.
    for (let i = 0; i < 2 * LOGIN_LIMITS.addressMax; i++) {
      expect((await login(admin.username, 'x')).statusCode).toBe(429);
    }
    expect((await login(colleague.username, colleague.password)).statusCode).toBe(200);
    expect((await login(admin.username, admin.password, { remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
  });

  it(`${LOGIN_LIMITS.addressMax} attempts from one address across many usernames: 429 for every account there, even with the right password`, async () => {
    const admin = await createAdmin(context);
    for (let i = 0; i < LOGIN_LIMITS.addressMax; i++) {
      expectProblem(await login(`victima${i}@prestaya.mx`, `intento-${i}`), 401);
    }
    expectProblem(await login(admin.username, admin.password), 429, TOO_MANY);
    expectProblem(await login('otra-victima@prestaya.mx', 'x'), 429, TOO_MANY);
    // Once the address is out of attempts, guessed usernames add no counter rows.
    const rows = await counterRows();
    for (let i = 0; i < 20; i++) expectProblem(await login(`nueva${i}@prestaya.mx`, 'x'), 429);
    expect(await counterRows()).toBe(rows);
    // Another client address is not punished for it.
    expect((await login(admin.username, admin.password, { remoteAddress: '10.1.2.3' })).statusCode).toBe(200);
  });

  it('guesses at one account spread over many addresses: past the account bound only its known addresses may try', async () => {
    const ACCOUNT_LIMITS = { ...LOGIN_LIMITS, accountFailures: { max: 5, windowMs: 15 * 60_000 } };
    const app = await buildApp({
      config: testConfig({ loginRateLimit: ACCOUNT_LIMITS }),
      database: context.database,
      logger: false,
    });
    const THROTTLED =
      'Demasiados intentos fallidos para esta cuenta. Intente de nuevo en 15 min, o desde el equipo donde ya inició sesión antes.';
    const from = (address: string) => ({ remoteAddress: address });
    try {
      const admin = await createAdmin(context);
      const colleague = await createUserAndLogin(context);
      // The real user signs in at the office: that address becomes known to the account.
      const OFFICE = '203.0.113.50';
      expect((await login(admin.username, admin.password, from(OFFICE), app)).statusCode).toBe(200);
      // 8 addresses, one guess each: every one under the per-address limits, 5 are evaluated.
      const replies = [];
      for (let i = 0; i < 8; i++) {
        replies.push(await login(admin.username, `intento-${i}`, from(`198.51.100.${20 + i}`), app));
      }
      expect(replies.map((reply) => reply.statusCode)).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expectProblem(replies[7] as LightMyRequestResponse, 429, THROTTLED);
      expect(Number(replies[7]?.headers['retry-after'])).toBeGreaterThan(60);
      // The right password from a new address tells the attacker nothing either.
      expectProblem(await login(admin.username, admin.password, from('198.51.100.99'), app), 429, THROTTLED);
      // The real user at their known address still signs in; other accounts are untouched.
      expect((await login(admin.username, admin.password, from(OFFICE), app)).statusCode).toBe(200);
      expect(
        (await login(colleague.username, colleague.password, from('198.51.100.99'), app)).statusCode,
      ).toBe(200);
      // A username that does not exist is bounded the same way: the refusal reveals no account.
      const ghost = [];
      for (let i = 0; i < 6; i++)
        ghost.push((await login('nadie@prestaya.mx', 'x', from(`198.51.100.${40 + i}`), app)).statusCode);
      expect(ghost).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await app.close();
    }
  });
});

describe('security headers', () => {
  /** The policy the whole app runs under (plugins/security.ts). */
  function expectAppHeaders(headers: Record<string, unknown>, label: string) {
    const csp = String(headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['default-src'], `${label}: ${csp}`).toEqual(["'self'"]);
    expect(directives['script-src'], label).toEqual(["'self'"]);
    expect(directives['script-src-attr'], label).toEqual(["'none'"]);
    expect(directives['object-src'], label).toEqual(["'none'"]);
    expect(directives['base-uri'], label).toEqual(["'self'"]);
    expect(directives['frame-ancestors'], label).toEqual(["'none'"]);
    expect(directives['form-action'], label).toEqual(["'self'"]);
    expect(csp, label).not.toMatch(/unsafe-eval|\*/);
    expect(headers['x-content-type-options'], label).toBe('nosniff');
    expect(headers['referrer-policy'], label).toBe('no-referrer');
    expect(headers['x-frame-options'], label).toBe('SAMEORIGIN');
    expect(headers['cross-origin-opener-policy'], label).toBe('same-origin');
    expect(headers['cross-origin-resource-policy'], label).toBe('same-origin');
    expect(headers['x-powered-by'], label).toBeUndefined();
  }

  it('are on API replies, problems, public API, SPA documents and assets', async () => {
    const admin = await createAdmin(context);
    const html = { accept: 'text/html' };
    const signedIn = { authorization: `Bearer ${admin.token}` };
    const responses: [string, LightMyRequestResponse][] = [
      ['health', await context.app.inject({ method: 'GET', url: '/health' })],
      ['API 200', await context.app.inject({ method: 'GET', url: '/api/v1/users', headers: signedIn })],
      ['API 401', await context.app.inject({ method: 'GET', url: '/api/v1/users' })],
      ['API 404', await context.app.inject({ method: 'GET', url: '/api/v1/nada' })],
      ['API 400', await context.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {} })],
      [
        'public API',
        await context.app.inject({
          method: 'GET',
          url: '/public/api/v1/loans/search?num=1&phone=5512345678',
        }),
      ],
      ['SPA /', await context.app.inject({ method: 'GET', url: '/', headers: html })],
      ['SPA /admin/users', await context.app.inject({ method: 'GET', url: '/admin/users', headers: html })],
      ['SPA /consulta', await context.app.inject({ method: 'GET', url: '/consulta', headers: html })],
      ['asset', await context.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })],
    ];
    for (const [label, response] of responses) {
      expect(response.statusCode, label).toBeLessThan(500);
      expectAppHeaders(response.headers, label);
    }
    expect(responses.find(([label]) => label === 'SPA /admin/users')?.[1].headers['content-type']).toMatch(
      /text\/html/,
    );
  });

  it('the API docs keep their own CSP but still cannot be framed by other sites', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/frame-ancestors '(self|none)'/);
    expect(csp).toMatch(/script-src 'self'\s*;/);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });
});
