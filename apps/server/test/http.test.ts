import { describe, expect, it } from 'vitest';
import { appWithCapturedLogs, createAdmin, expectProblem, request, useTestApp } from './support/app.ts';
import { fakeWebDist } from './support/web-dist.ts';

const context = useTestApp({ webDist: fakeWebDist() });

const html = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('errors are application/problem+json', () => {
  it('404 for unknown API paths, whatever the Accept header', async () => {
    for (const url of ['/api/v1/nope', '/api/nope', '/public/api/v1/nope', '/api']) {
      expectProblem(
        await context.app.inject({ method: 'GET', url, headers: html }),
        404,
        'Recurso no encontrado',
      );
    }
    expectProblem(await context.app.inject({ method: 'DELETE', url: '/api/v1/users' }), 404);
  });

  it('400, never 500, for a NUL character that would reach PostgreSQL', async () => {
    const admin = await createAdmin(context);
    expectProblem(
      await request(context.app, { method: 'GET', url: '/api/v1/users?query=%00', token: admin.token }),
      400,
      'query: La búsqueda contiene caracteres no permitidos',
    );
    const created = await request(context.app, {
      method: 'POST',
      url: '/api/v1/users',
      token: admin.token,
      payload: {
        name: 'Ana\u0000',
        lastName: 'Pérez',
        username: 'nul@prestaya.mx',
        password: 'secreto123',
        pin: '4826',
        roles: ['ROLE_USER'],
      },
    });
    expectProblem(created, 400, 'name: El nombre contiene caracteres no permitidos');
  });

  it('400 for malformed JSON', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "a@b.mx", ',
    });
    expectProblem(response, 400, 'El cuerpo de la solicitud no es JSON válido');
  });

  it('400 naming the body when a JSON body is empty or not an object', async () => {
    for (const payload of ['', 'null', '[]', '"texto"', '42']) {
      const response = await context.app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      const problem = expectProblem(response, 400);
      expect(problem.errors?.[0]?.field, payload).toBe('body');
    }
  });

  it('400 for prototype-poisoning JSON', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":"a@b.mx","password":"x","__proto__":{"admin":true}}',
    });
    expectProblem(response, 400, 'El cuerpo de la solicitud no es JSON válido');
  });

  it('415 for an unsupported content type', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expectProblem(response, 415, /Tipo de contenido no soportado/);
  });

  it('413 for a body over 1 MiB', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'a@b.mx', password: 'x'.repeat(1024 * 1024) }),
    });
    expectProblem(response, 413, 'El cuerpo de la solicitud es demasiado grande');
  });

  it('never a 500 for hostile input', async () => {
    const admin = await createAdmin(context);
    const attempts = [
      { method: 'GET' as const, url: '/api/v1/users?page=99999999999999999999999&size=-1' },
      { method: 'GET' as const, url: '/api/v1/users?page=1&page=2&size=5' },
      { method: 'GET' as const, url: `/api/v1/users?query=${'%'.repeat(3)}&orderBy=${'x'.repeat(500)}` },
      { method: 'GET' as const, url: '/api/v1/users/%00' },
      { method: 'GET' as const, url: '/api/v1/users/00000000-0000-0000-0000-00000000000g' },
      { method: 'PUT' as const, url: '/api/v1/users/not-a-uuid', payload: { name: 1e308 } },
      { method: 'POST' as const, url: '/api/v1/users', payload: { name: 'a'.repeat(10_000), roles: [null] } },
      { method: 'POST' as const, url: '/api/v1/users', payload: [1, 2, 3] },
    ];
    for (const attempt of attempts) {
      const response = await request(context.app, { ...attempt, token: admin.token });
      expect(response.statusCode, `${attempt.url} → ${response.body}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${attempt.url} → ${response.body}`).toBeLessThan(500);
      expectProblem(response, response.statusCode);
    }
  });
});

describe('security headers', () => {
  it('sends a CSP that allows only our own scripts', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the same full set on answers, problems, unknown paths and the public side', async () => {
    const expected = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';script-src 'self';script-src-attr 'none';" +
        "style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;font-src 'self' data:;" +
        "connect-src 'self';object-src 'none';frame-ancestors 'none';form-action 'self'",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    for (const url of ['/health', '/api/v1/users', '/api/v1/nope', '/public/api/v1/loans/search?num=1']) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(expected);
      expect(response.headers['x-powered-by'], url).toBeUndefined();
    }
  });
});

describe('OpenAPI', () => {
  it('serves a valid OpenAPI 3 document at /api/docs/json listing the API', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('PrestaYa API');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/users',
        '/api/v1/users/{id}',
        '/api/v1/auth/login',
        '/api/v1/auth/token/refresh',
        '/api/v1/auth/register',
      ]),
    );
    const create = doc.paths['/api/v1/users'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual(
      expect.arrayContaining(['name', 'lastName', 'username', 'password', 'pin', 'roles']),
    );
    expect(Object.keys(create.responses)).toEqual(expect.arrayContaining(['201', '400', '409']));
    expect(doc.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths['/api/v1/auth/login'].post.security).toEqual([]);
    expect(doc.paths['/api/v1/users'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['page', 'size', 'query', 'q', 'orderBy', 'order']),
    );
  });

  it('serves the Swagger UI page', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/docs', headers: html });
    const page =
      response.statusCode === 302 ? await context.app.inject({ method: 'GET', url: '/api/docs/' }) : response;
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger');
  });
});

describe('logging and unexpected errors', () => {
  const appWithBoom = () =>
    appWithCapturedLogs(context, (app) => {
      app.get('/api/v1/boom', { config: { anonymous: true } }, async () => {
        throw new Error('detalle interno: tabla secreta');
      });
    });

  it('answers 500 with a generic Spanish detail and keeps the stack in the server log only', async () => {
    const { app, logs } = await appWithBoom();
    try {
      const response = await app.inject({ method: 'GET', url: '/api/v1/boom' });
      expectProblem(response, 500, 'Error interno del servidor');
      expect(response.body).not.toContain('tabla secreta');
      expect(logs()).toContain('tabla secreta');
      expect(logs()).toMatch(/"stack":"Error: detalle interno/);
    } finally {
      await app.close();
    }
  });

  it('never writes passwords, PINs or tokens to the log', async () => {
    const admin = await createAdmin(context);
    const { app, logs } = await appWithBoom();
    try {
      await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: admin.username, password: admin.password },
      });
      await app.inject({
        method: 'POST',
        url: '/api/v1/users',
        headers: { authorization: `Bearer ${admin.token}`, cookie: 'sesion=abc' },
        payload: {
          name: 'X',
          lastName: 'Y',
          username: 'x@y.mx',
          password: 'SuperSecreta1',
          pin: '97531',
          roles: [],
        },
      });
      app.log.info(
        {
          password: 'p1-secreta',
          pin: '86420',
          user: { access_token: 'tok-secreto' },
          req: { headers: { authorization: 'Bearer z' } },
        },
        'explicit object',
      );
      const output = logs();
      expect(output).toContain('incoming request');
      for (const secret of [
        admin.password,
        admin.token,
        'SuperSecreta1',
        '97531',
        'p1-secreta',
        '86420',
        'tok-secreto',
        'Bearer z',
        'sesion=abc',
      ]) {
        expect(output).not.toContain(secret);
      }
      expect(output).toContain('[redactado]');
    } finally {
      await app.close();
    }
  });

  it('never writes a token or a signed link put in a URL: the query keeps its names, not its values', async () => {
    const { app, logs } = await appWithBoom();
    const id = '0190a4c2-7b1e-7000-8000-000000000001';
    const signature = 'ab'.repeat(32);
    try {
      const urls = [
        '/api/v1/users?access_token=tok-en-la-url&page=0',
        `/api/v1/payments/attachments/${id}?expires=1999999999&signature=${signature}`,
        `/api/v1/customers/${id}/documents/${id}/file?Signature=${signature}&expires=1999999998`,
        `/api/v1/users?page=0&%61ccess_token=tok-codificado&sig=firma-corta`,
      ];
      for (const url of urls) await app.inject({ method: 'GET', url });
      const output = logs();
      for (const secret of [
        'tok-en-la-url',
        signature,
        '1999999999',
        '1999999998',
        'tok-codificado',
        'firma-corta',
      ]) {
        expect(output).not.toContain(secret);
      }
      expect(output).toContain('"url":"/api/v1/users?access_token=[redactado]&page=0"');
      expect(output).toContain(
        `"url":"/api/v1/payments/attachments/${id}?expires=[redactado]&signature=[redactado]"`,
      );
      expect(output).toContain('"url":"/api/v1/users?page=0&%61ccess_token=[redactado]&sig=[redactado]"');
    } finally {
      await app.close();
    }
  });
});
