import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { testConfig, useTestApp } from '../support/app.ts';
import { contractChecker, type OpenApiDocument, type RecordedReply } from './openapi-contract.ts';
import { takeViolations } from './record-replies.ts';

const context = useTestApp();

interface Operation {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown>; encoding?: unknown }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
type Document = OpenApiDocument & { paths: Record<string, Record<string, Operation>> };

let doc: Document;
beforeAll(async () => {
  doc = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
});

function operations(): [string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(
      ([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as [string, Operation],
    ),
  );
}
const statusesOf = (operation: Operation) => Object.keys(operation.responses);
const operation = (method: string, path: string) => doc.paths[path]?.[method] as Operation;

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.0 document', async () => {
    await expect(
      SwaggerParser.validate(structuredClone(doc) as unknown as OpenAPI.Document),
    ).resolves.toBeDefined();
  });

  it('describes every error as application/problem+json with the Problem schema', () => {
    const wrong: string[] = [];
    let errors = 0;
    for (const [name, op] of operations()) {
      for (const [status, response] of Object.entries(op.responses)) {
        if (status !== 'default' && Number(status) < 400) continue;
        errors += 1;
        const content = response.content ?? {};
        const ok =
          Object.keys(content).join() === 'application/problem+json' &&
          content['application/problem+json']?.schema.$ref === '#/components/schemas/Problem';
        if (!ok) wrong.push(`${name} ${status}: ${Object.keys(content).join(', ')}`);
      }
      if (!op.responses.default) wrong.push(`${name}: no default (unexpected error) response`);
    }
    expect(wrong).toEqual([]);
    expect(errors).toBeGreaterThan(200);
    expect(doc.components?.schemas?.Problem).toMatchObject({
      required: ['type', 'title', 'status', 'detail'],
    });
  });

  it('lists 400 everywhere, 413/415 on every route that takes a body, 404 with an id in the path, 401 behind the session', () => {
    const missing: string[] = [];
    for (const [name, op] of operations()) {
      const [method, path] = name.split(' ') as [string, string];
      const expected = [
        // An HTTP/1.1 request without Host is a 400 on any route.
        '400',
        ...(['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) ? ['413', '415'] : []),
        ...(path.includes('{') ? ['404'] : []),
        // Behind the session unless the operation says it needs no token (login, register, proof link).
        ...(path.startsWith('/api/v1/') && op.security?.length !== 0 ? ['401'] : []),
      ];
      for (const status of expected) if (!statusesOf(op).includes(status)) missing.push(`${name} ${status}`);
    }
    expect(missing).toEqual([]);
  });

  it('lists 429 on the rate-limited routes: login, public lookup and statement, public payment', () => {
    for (const [method, path] of [
      ['post', '/api/v1/auth/login'],
      ['get', '/public/api/v1/loans/search'],
      ['get', '/public/api/v1/loans/{id}'],
      ['post', '/public/api/v1/loans/{id}/payments'],
    ] as const) {
      expect(statusesOf(operation(method, path)), `${method} ${path}`).toContain('429');
    }
  });

  it('serves the proof link as an image and every export as text/csv', () => {
    const proof = operation('get', '/api/v1/payments/attachments/{attachmentId}').responses['200'];
    expect(Object.keys(proof?.content ?? {})).toEqual([
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/heic',
    ]);
    expect(proof?.content?.['image/png']?.schema).toMatchObject({ type: 'string', format: 'binary' });
    const exports = operations().filter(([name]) => name.endsWith('/export.csv'));
    expect(exports.length).toBeGreaterThanOrEqual(7);
    for (const [name, op] of exports) {
      expect(Object.keys(op.responses['200']?.content ?? {}), name).toEqual(['text/csv']);
    }
  });

  it('describes both payment registrations as multipart with the paymentRequest and file parts', () => {
    for (const path of ['/api/v1/loans/{id}/payments', '/public/api/v1/loans/{id}/payments']) {
      const body = operation('post', path).requestBody?.content;
      expect(Object.keys(body ?? {}), path).toEqual(['multipart/form-data']);
      const multipart = body?.['multipart/form-data'];
      expect(multipart?.schema, path).toMatchObject({
        type: 'object',
        required: ['paymentRequest'],
        properties: {
          paymentRequest: { type: 'object', required: ['paymentMethod'] },
          file: { type: 'string', format: 'binary' },
        },
      });
      expect(multipart?.encoding, path).toEqual({
        paymentRequest: { contentType: 'application/json' },
        file: { contentType: 'image/jpeg, image/png, image/webp, image/heic' },
      });
    }
  });
});

describe('the contract check of every reply', () => {
  const reply = (overrides: Partial<RecordedReply>): RecordedReply => ({
    method: 'GET',
    url: '/api/v1/agents',
    route: '/api/v1/agents',
    status: 200,
    contentType: 'application/json; charset=utf-8',
    body: JSON.stringify({ status: 'OK', data: [] }),
    ...overrides,
  });
  const problemJson = (status: number) =>
    JSON.stringify({ type: 'about:blank', title: 'x', status, detail: 'Recurso no encontrado' });
  const problem = (status: number) => ({
    status,
    contentType: 'application/problem+json; charset=utf-8',
    body: problemJson(status),
  });

  it('accepts what the document describes', () => {
    const { check } = contractChecker(doc);
    expect(check(reply({}))).toBeUndefined();
    expect(check(reply({ method: 'HEAD', body: '' }))).toBeUndefined();
    expect(check(reply(problem(401)))).toBeUndefined();
    // 5xx only through `default`; a reply that matches no route is a 4xx problem.
    expect(check(reply(problem(500)))).toBeUndefined();
    expect(check(reply({ route: undefined, url: '/api/v1/nothing', ...problem(404) }))).toBeUndefined();
    // The web app's page for a browser navigation, served by the not-found handler.
    const page = { contentType: 'text/html', body: '<html>' };
    expect(check(reply({ route: undefined, url: '/admin/users', ...page }))).toBeUndefined();
    // Hidden on purpose and not an API path: Swagger UI.
    expect(
      check(reply({ route: '/api/docs/static/*', contentType: 'text/html', body: '<html>' })),
    ).toBeUndefined();
  });

  it('refuses a status, a media type or a body the document does not describe', () => {
    const { check } = contractChecker(doc);
    expect(check(reply(problem(409)))).toMatch(/status 409 is not declared/);
    expect(check(reply({ ...problem(401), contentType: 'application/json' }))).toMatch(
      /application\/json is not declared for 401/,
    );
    expect(check(reply({ body: JSON.stringify({ status: 'OK', data: [{ id: 1 }] }) }))).toMatch(
      /does not match/,
    );
    expect(check(reply({ body: JSON.stringify({ status: 'OK', data: [], extra: 1 }) }))).toMatch(
      /does not match/,
    );
    expect(check(reply({ ...problem(401), body: JSON.stringify({ error: 'Unauthorized' }) }))).toMatch(
      /does not match/,
    );
    expect(check(reply({ route: undefined, status: 404, contentType: 'application/json' }))).toMatch(
      /unrouted/,
    );
    const page = { contentType: 'text/html', body: '<html>' };
    expect(check(reply({ route: undefined, url: '/api/v1/x', ...page }))).toMatch(/unrouted/);
    expect(check(reply({ route: '/api/v1/secret' }))).toMatch(/not in the document/);
    expect(check(reply({ method: 'DELETE' }))).toMatch(/DELETE \/api\/v1\/agents is not in the document/);
  });

  it('checks the replies of every app a test builds, and fails the file on one it cannot describe', async () => {
    const app = await buildApp({ config: testConfig(), database: context.database, logger: false });
    app.get(
      '/api/v1/contract-probe',
      { schema: { hide: true }, config: { anonymous: true } },
      async () => ({}),
    );
    try {
      expect((await app.inject({ method: 'GET', url: '/api/v1/contract-probe' })).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    // Taken out, so that this deliberate violation does not fail the file.
    expect(takeViolations('/api/v1/contract-probe')).toEqual([
      expect.stringMatching(
        /GET \/api\/v1\/contract-probe → 200 .*route \/api\/v1\/contract-probe is not in the document/,
      ),
    ]);
  });
});
