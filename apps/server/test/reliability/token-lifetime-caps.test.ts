import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedLink } from '../../src/http/signed-links.ts';
import { documentFilePath, documentLinkKey } from '../../src/modules/customer-documents/links.ts';
import { attachmentLinkKey, signedAttachmentUri } from '../../src/modules/payments/attachment-links.ts';
import { createAdmin, expectProblem, request, testConfig, useTestApp } from '../support/app.ts';

/**
 * Whoever holds the signing secret (a backup of an older version carried it) can sign any claims; the
 * server still caps every token and link by its own rule, whatever it claims: a session token lives at
 * most 8 hours from its issue and never past sign-in + 7 days, a signed file link at most its fixed
 * 10 minutes. A token or link claiming more is refused (401 / 403), and such a token cannot be refreshed.
 */
const context = useTestApp();
const SECRET = testConfig().jwtSecret;
const HOUR = 60 * 60;
const YEAR = 365 * 24 * HOUR;
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

function forge(claims: Record<string, unknown>): string {
  const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
  return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
}
const claimsFor = (sub: string, extra: Record<string, unknown> = {}) => ({
  sub,
  jti: '0196a000-0000-7000-8000-000000000002',
  sid: '0196a000-0000-7000-8000-0000000000f2',
  ver: 0,
  auth_time: now() - 10,
  iat: now() - 10,
  exp: now() + 8 * HOUR - 10,
  ...extra,
});
const usersAs = (token: string) => request(context.app, { method: 'GET', url: '/api/v1/users', token });
const refreshAs = (token: string) =>
  request(context.app, { method: 'POST', url: '/api/v1/auth/token/refresh', token });

describe('tokens are capped by the session rule, whatever they claim', () => {
  it('a token within the rule (8 hours from its issue) works and refreshes: the refusals below are the caps', async () => {
    const admin = await createAdmin(context);
    const token = forge(claimsFor(admin.id));
    expect((await usersAs(token)).statusCode).toBe(200);
    expect((await refreshAs(token)).statusCode).toBe(200);
  });

  it('a token claiming more is a 401 on every route and on refresh', async () => {
    const admin = await createAdmin(context);
    const overclaims: [string, Record<string, unknown>][] = [
      ['expiry five years ahead', { exp: now() + 5 * YEAR }],
      ['expiry one hour past its 8 hours', { exp: now() - 10 + 9 * HOUR }],
      ['sign-in in the future (a session that never ends)', { auth_time: now() + 5 * YEAR }],
      ['issued in the future', { iat: now() + 2 * HOUR, exp: now() + 3 * HOUR }],
      ['no issue time', { iat: undefined }],
      [
        'expiry past sign-in + 7 days',
        { auth_time: now() - 7 * 24 * HOUR + 60, iat: now(), exp: now() + HOUR },
      ],
    ];
    for (const [label, extra] of overclaims) {
      const token = forge(claimsFor(admin.id, extra));
      expect((await usersAs(token)).statusCode, label).toBe(401);
      expectProblem(await refreshAs(token), 401, 'Sesión inválida o expirada');
    }
  });
});

describe('signed file links are capped at their 10 minutes', () => {
  const get = (url: string) => request(context.app, { method: 'GET', url });
  const id = '0196a000-0000-7000-8000-000000000000';

  it('a proof image link signed for 10 years is a 403; one for 10 minutes reaches the lookup (404)', async () => {
    const key = attachmentLinkKey(SECRET);
    expectProblem(await get(signedAttachmentUri(key, id)), 404, 'Comprobante no encontrado');
    expectProblem(
      await get(signedAttachmentUri(key, id, new Date(), 10 * YEAR)),
      403,
      'El enlace del comprobante no es válido o ya expiró',
    );
  });

  it('a customer document link signed for 10 years is a 403; one for 10 minutes reaches the lookup (404)', async () => {
    const key = documentLinkKey(SECRET);
    const path = documentFilePath(id, id);
    expect((await get(signedLink(key, path, id))).statusCode).toBe(404);
    expectProblem(
      await get(signedLink(key, path, id, new Date(), 10 * YEAR)),
      403,
      'El enlace del documento no es válido o ya expiró',
    );
  });
});
