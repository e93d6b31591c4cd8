import { createHmac, createSign, generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createAdmin,
  createUserAndLogin,
  expectProblem,
  request,
  testConfig,
  useTestApp,
} from '../support/app.ts';
import { listRoutes } from './route-list.ts';

/**
 * Sessions that must not be (OWASP ASVS V3):
 * - forged tokens — tampered, expired, not yet valid, signed with another algorithm (HS384/HS512,
 *   none, RS256 with the attacker's key, RS256 "confusion" HMAC-signed with our secret) — are a 401
 *   even when they name a real administrator, while a correctly signed HS256 token for that same
 *   administrator is accepted (so the forgeries fail for the right reason);
 * - a cancelled user's still-unexpired token is refused on EVERY authenticated route (router list).
 * Sign-in limits and security headers: auth-hardening.test.ts.
 */
const context = useTestApp();

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
  sid: '0196a000-0000-7000-8000-0000000000f1',
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
  'GET /api/v1/customers/:id/documents/:documentId/file',
  'GET /api/v1/auth/password-reset/:token',
  'POST /api/v1/auth/password-reset/:token',
  // The business's contact data, shown on the landing and the public statement.
  'GET /api/v1/settings/business',
]);

describe("a cancelled user's live token", () => {
  it('is refused on every authenticated route at once (401), while it worked a moment before', async () => {
    const admin = await createAdmin(context);
    const agent = await createUserAndLogin(context);
    const call = (method: 'GET' | 'PUT', url: string, token: string, payload?: object) =>
      request(context.app, { method, url, token, ...(payload ? { payload } : {}) });
    expect((await call('GET', '/api/v1/customers', agent.token)).statusCode).toBe(200);
    // The administrator saves the user's own form with the status changed.
    const userUrl = `/api/v1/users/${agent.id}`;
    const {
      id: _id,
      num: _num,
      createdOn: _createdOn,
      ...form
    } = (await call('GET', userUrl, admin.token)).json().data;
    const cancel = await call('PUT', userUrl, admin.token, { ...form, status: 'CANCELLED' });
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
