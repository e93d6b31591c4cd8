import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  request,
  testConfig,
  useTestApp,
} from '../support/app.ts';
import { tempDataDir } from '../support/builders.ts';
import { rowsOf } from '../support/database.ts';
import { listRoutes } from './route-list.ts';

/**
 * Authentication and browser-facing hardening (OWASP ASVS V2/V3/V14):
 * - forged tokens — tampered, expired, not yet valid, signed with another algorithm (HS384/HS512,
 *   none, RS256 with the attacker's key, RS256 "confusion" HMAC-signed with our secret) — are a 401
 *   even when they name a real administrator, while a correctly signed HS256 token for that same
 *   administrator is accepted (so the forgeries fail for the right reason);
 * - a cancelled user's still-unexpired token is refused on EVERY authenticated route (router list);
 * - login brute force is throttled per (username, client address) and per client address (429),
 *   across servers, a spoofed X-Forwarded-For does not reset it, and one account hammered from an
 *   office's shared address does not stop colleagues behind that address from signing in;
 * - security headers on API, problem, SPA, asset and image responses.
 */
/** The defaults (config.ts): 10 a minute per username and address, 100 per address. */
const LOGIN_LIMITS = { max: 10, addressMax: 100, timeWindowMs: 60_000 };
const dataDir = tempDataDir();
const webDist = join(dataDir.dir, 'web');
mkdirSync(join(webDist, 'assets'), { recursive: true });
writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>PrestaYa</title><div id="root"></div>');
writeFileSync(join(webDist, 'public.html'), '<!doctype html><title>PrestaYa</title><div id="root"></div>');
writeFileSync(join(webDist, 'assets', 'index-abc123.js'), 'console.log("app")');
const context = useTestApp({
  dataDir: dataDir.dir,
  webDist,
  loginRateLimit: LOGIN_LIMITS,
});
afterAll(() => dataDir.remove());

const SECRET = testConfig().jwtSecret;
const INVALID_SESSION = 'Sesión inválida o expirada';
const nowSeconds = () => Math.floor(Date.now() / 1000);
const b64 = (value: object | Buffer) =>
  (Buffer.isBuffer(value) ? value : Buffer.from(JSON.stringify(value))).toString('base64url');

/** A compact JWS built by hand: any header, any claims, any signing. */
function forge(
  header: Record<string, unknown>,
  claims: Record<string, unknown>,
  sign: (signingInput: string) => string,
): string {
  const signingInput = `${b64(header)}.${b64(claims)}`;
  return `${signingInput}.${sign(signingInput)}`;
}
const hmac = (algorithm: 'sha256' | 'sha384' | 'sha512', key: string | Buffer) => (input: string) =>
  createHmac(algorithm, key).update(input).digest('base64url');
const attackerKeys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rsa = (input: string) =>
  createSign('RSA-SHA256').update(input).sign(attackerKeys.privateKey).toString('base64url');

/** The claims the server itself issues: a fresh user's token version (0) and a sign-in a moment ago. */
const claimsFor = (sub: string, extra: Record<string, unknown> = {}) => ({
  sub,
  jti: '0196a000-0000-7000-8000-000000000001',
  ver: 0,
  auth_time: nowSeconds() - 10,
  iat: nowSeconds() - 10,
  exp: nowSeconds() + 3600,
  ...extra,
});
const usersAs = (token: string) => request(context.app, { method: 'GET', url: '/api/v1/users', token });

describe('forged and altered tokens', () => {
  it('a hand-made HS256 token with our secret works: the forgeries below fail for their flaw alone', async () => {
    const admin = await createAdmin(context);
    const genuine = forge({ alg: 'HS256', typ: 'JWT' }, claimsFor(admin.id), hmac('sha256', SECRET));
    expect((await usersAs(genuine)).statusCode).toBe(200);
  });

  it('every forgery naming a real administrator is a 401', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const [agentHeader, , agentSignature] = agent.token.split('.');
    const claims = claimsFor(admin.id);
    const forgeries: [string, string][] = [
      // The agent's genuine token with its subject changed to the administrator.
      [
        'tampered subject',
        `${agentHeader}.${b64({ ...JSON.parse(Buffer.from(agent.token.split('.')[1] ?? '', 'base64url').toString()), sub: admin.id })}.${agentSignature}`,
      ],
      [
        'tampered signature',
        (() => {
          const good = forge({ alg: 'HS256', typ: 'JWT' }, claims, hmac('sha256', SECRET));
          return `${good.slice(0, -2)}${good.endsWith('AA') ? 'BB' : 'AA'}`;
        })(),
      ],
      [
        'expired',
        forge(
          { alg: 'HS256', typ: 'JWT' },
          claimsFor(admin.id, { iat: nowSeconds() - 9 * 3600, exp: nowSeconds() - 1 }),
          hmac('sha256', SECRET),
        ),
      ],
      [
        'not valid before tomorrow',
        forge(
          { alg: 'HS256', typ: 'JWT' },
          claimsFor(admin.id, { nbf: nowSeconds() + 86_400 }),
          hmac('sha256', SECRET),
        ),
      ],
      ['HS384 with our secret', forge({ alg: 'HS384', typ: 'JWT' }, claims, hmac('sha384', SECRET))],
      ['HS512 with our secret', forge({ alg: 'HS512', typ: 'JWT' }, claims, hmac('sha512', SECRET))],
      ['alg none', forge({ alg: 'none', typ: 'JWT' }, claims, () => '')],
      ['alg None with a signature', forge({ alg: 'None', typ: 'JWT' }, claims, hmac('sha256', SECRET))],
      ['alg NONE', forge({ alg: 'NONE' }, claims, () => '')],
      ['RS256 with the attacker key', forge({ alg: 'RS256', typ: 'JWT' }, claims, rsa)],
      [
        'RS256 with the attacker key announced in jwk',
        forge({ alg: 'RS256', jwk: attackerKeys.publicKey.export({ format: 'jwk' }) }, claims, rsa),
      ],
      // Key confusion: a verifier that trusts the header would HMAC-check with "the public key" = our secret.
      [
        'RS256 header, HMAC-SHA256 with our secret',
        forge({ alg: 'RS256', typ: 'JWT' }, claims, hmac('sha256', SECRET)),
      ],
      ['ES256 header, HMAC-SHA256 with our secret', forge({ alg: 'ES256' }, claims, hmac('sha256', SECRET))],
      ['HS256 keyed with the empty string', forge({ alg: 'HS256', typ: 'JWT' }, claims, hmac('sha256', ''))],
      [
        'kid path traversal to an empty key',
        forge({ alg: 'HS256', kid: '../../../../dev/null' }, claims, hmac('sha256', '')),
      ],
      [
        'jku to an attacker key set',
        forge({ alg: 'RS256', jku: 'https://attacker.example/jwks.json' }, claims, rsa),
      ],
      [
        'no signature part',
        forge({ alg: 'HS256', typ: 'JWT' }, claims, hmac('sha256', SECRET)).split('.').slice(0, 2).join('.'),
      ],
      ['two tokens glued', `${agent.token}.${agent.token}`],
    ];
    for (const [label, token] of forgeries) {
      const response = await usersAs(token);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(401);
      expectProblem(response, 401, INVALID_SESSION);
    }
  });

  it('only the Authorization Bearer header carries a session (not the query string, not a cookie)', async () => {
    const admin = await createAdmin(context);
    for (const options of [
      { url: `/api/v1/users?access_token=${admin.token}` },
      { url: `/api/v1/users?token=${admin.token}` },
      { url: '/api/v1/users', headers: { cookie: `token=${admin.token}; access_token=${admin.token}` } },
      { url: '/api/v1/users', headers: { authorization: `Basic ${admin.token}` } },
      { url: '/api/v1/users', headers: { authorization: admin.token } },
    ]) {
      expectProblem(await context.app.inject({ method: 'GET', ...options }), 401, INVALID_SESSION);
    }
  });
});

/** Routes that need no session (the rest of /api/v1 all do). */
const ANONYMOUS = new Set([
  'POST /api/v1/auth/login',
  'GET /api/v1/auth/register',
  'POST /api/v1/auth/register',
  'GET /api/v1/payments/attachments/:attachmentId',
]);

describe("a cancelled user's live token", () => {
  it('is refused on every authenticated route at once (401), while it worked a moment before', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    expect(
      (await request(context.app, { method: 'GET', url: '/api/v1/customers', token: agent.token }))
        .statusCode,
    ).toBe(200);
    const read = await request(context.app, {
      method: 'GET',
      url: `/api/v1/users/${agent.id}`,
      token: admin.token,
    });
    const { id: _id, num: _num, createdOn: _createdOn, ...form } = read.json().data;
    const cancel = await request(context.app, {
      method: 'PUT',
      url: `/api/v1/users/${agent.id}`,
      token: admin.token,
      payload: { ...form, status: 'CANCELLED' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);

    const authenticated = listRoutes(context.app).filter(
      (route) => route.includes(' /api/v1/') && !ANONYMOUS.has(route),
    );
    expect(authenticated.length).toBeGreaterThan(30);
    for (const route of authenticated) {
      const [method, pattern = ''] = route.split(' ');
      const url = pattern.replace(/:\w+/g, '0196a000-0000-7000-8000-000000000000');
      const response = await request(context.app, {
        method: method as 'GET',
        url,
        token: agent.token,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(401);
    }
  });
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
  const counterRows = async () =>
    Number(
      rowsOf<{ n: number }>(
        await context.database.db.execute(sql`select count(*)::int as n from rate_limit_hits`),
      )[0]?.n,
    );

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
    const responses: [string, Awaited<ReturnType<typeof request>>][] = [
      ['health', await context.app.inject({ method: 'GET', url: '/health' })],
      ['API 200', await request(context.app, { method: 'GET', url: '/api/v1/users', token: admin.token })],
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
