import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { migrateDatabase } from '../../src/db/migrate.ts';
import { expectProblem, testConfig, useTestApp } from '../support/app.ts';
import { createTestDatabase } from '../support/database.ts';
import { type RawResponse, rawRequest } from './raw-http.ts';

/**
 * Replies produced below the routes — by Node's HTTP parser (clientError), by Node itself (missing
 * Host, Expect) or by the body limit — are problem+json with a Spanish detail like every other error.
 * Sent over a real socket: app.inject never goes through Node's parser.
 */
const context = useTestApp();
let port: number;

beforeAll(async () => {
  await context.app.listen({ port: 0, host: '127.0.0.1' });
  port = (context.app.server.address() as AddressInfo).port;
});

const asInjected = (response: RawResponse) => ({
  statusCode: response.status,
  headers: response.headers,
  body: response.body,
});

const HOST = 'Host: 127.0.0.1\r\nConnection: close\r\n';
const jsonPost = (path: string, extra: string) =>
  `POST ${path} HTTP/1.1\r\n${HOST}Content-Type: application/json\r\n${extra}`;

const cases: [label: string, request: string | Buffer, status: number, detail: string][] = [
  [
    'a 20 KB header',
    `GET /health HTTP/1.1\r\n${HOST}X-Big: ${'a'.repeat(20 * 1024)}\r\n\r\n`,
    431,
    'Los encabezados de la solicitud son demasiado grandes',
  ],
  [
    'a malformed request line',
    `GET /health HTTP/1.1 extra\r\n${HOST}\r\n`,
    400,
    'La línea de solicitud no es válida',
  ],
  [
    'an unknown HTTP version',
    `GET /health HTTP/9.9\r\n${HOST}\r\n`,
    400,
    'La línea de solicitud no es válida',
  ],
  ['an invalid method', `F@@ /health HTTP/1.1\r\n${HOST}\r\n`, 400, 'La línea de solicitud no es válida'],
  [
    'a control character in the path',
    `GET /he\x01alth HTTP/1.1\r\n${HOST}\r\n`,
    400,
    'La dirección solicitada no es válida',
  ],
  [
    'a bad chunk size',
    `${jsonPost('/api/v1/auth/login', 'Transfer-Encoding: chunked\r\n\r\n')}ZZ\r\n{}\r\n0\r\n\r\n`,
    400,
    'El cuerpo fragmentado (chunked) de la solicitud no es válido',
  ],
  [
    'Content-Length and Transfer-Encoding together',
    `${jsonPost('/api/v1/auth/login', 'Content-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n')}2\r\n{}\r\n0\r\n\r\n`,
    400,
    'Transfer-Encoding no es válido o llega junto con Content-Length',
  ],
  [
    'two different Content-Length headers',
    `${jsonPost('/api/v1/auth/login', 'Content-Length: 2\r\nContent-Length: 3\r\n\r\n')}{}`,
    400,
    'Content-Length no es válido',
  ],
  [
    'a control character in a header value',
    `GET /health HTTP/1.1\r\n${HOST}X-Test: a\x01b\r\n\r\n`,
    400,
    'Un encabezado de la solicitud contiene caracteres no permitidos',
  ],
  [
    'a space in a header name',
    `GET /health HTTP/1.1\r\n${HOST}Bad Header: b\r\n\r\n`,
    400,
    'Un encabezado de la solicitud contiene caracteres no permitidos',
  ],
  [
    'a TLS handshake sent to the plain HTTP port',
    Buffer.from('16030100a5010000a10303', 'hex'),
    400,
    'La línea de solicitud no es válida',
  ],
  ['HTTP/0.9-style garbage', 'GET\r\n\r\n', 400, 'La línea de solicitud no es válida'],
  [
    'an HTTP/1.1 request without Host',
    'GET /health HTTP/1.1\r\nConnection: close\r\n\r\n',
    400,
    'Falta el encabezado Host',
  ],
  [
    'an Expect header the server cannot meet',
    `GET /health HTTP/1.1\r\n${HOST}Expect: something\r\n\r\n`,
    417,
    'El encabezado Expect no es compatible; envíe la solicitud sin él',
  ],
];

describe('the HTTP layer answers problem+json in Spanish', () => {
  it.each(cases)('%s', async (_label, request, status, detail) => {
    const response = await rawRequest(port, [request]);
    const body = expectProblem(asInjected(response), status, detail);
    expect(body).toEqual({ type: 'about:blank', title: expect.any(String), status, detail });
    // One reply, then the connection closes: nothing after the body.
    expect(response.raw.endsWith(response.body)).toBe(true);
  });

  it('an oversized body (declared) is refused with 413 before it is read', async () => {
    const response = await rawRequest(
      port,
      [`${jsonPost('/api/v1/auth/login', `Content-Length: ${2 * 1024 * 1024}\r\n\r\n`)}{"a":"`],
      { untilReply: true },
    );
    expectProblem(asInjected(response), 413, 'El cuerpo de la solicitud es demasiado grande');
  });

  it('an oversized chunked body is refused with 413 once it passes the limit', async () => {
    const chunk = 'a'.repeat(64 * 1024);
    const chunks = Array.from({ length: 20 }, () => `${chunk.length.toString(16)}\r\n${chunk}\r\n`);
    const response = await rawRequest(
      port,
      [jsonPost('/api/v1/auth/login', 'Transfer-Encoding: chunked\r\n\r\n'), ...chunks],
      { untilReply: true },
    );
    expectProblem(asInjected(response), 413, 'El cuerpo de la solicitud es demasiado grande');
  });

  it('well-formed requests on the same socket path still succeed (the refusals are not blanket)', async () => {
    const health = await rawRequest(port, [`GET /health HTTP/1.1\r\n${HOST}\r\n`]);
    expect(health.status).toBe(200);
    const http10 = await rawRequest(port, ['GET /health HTTP/1.0\r\n\r\n']);
    expect(http10.status).toBe(200);
    const continued = await rawRequest(port, [
      `${jsonPost('/api/v1/auth/login', 'Expect: 100-continue\r\nContent-Length: 2\r\n\r\n')}{}`,
    ]);
    // 100 Continue, then the route's own validation problem.
    expect(continued.raw).toMatch(/^HTTP\/1\.1 100 Continue\r\n/);
    expectProblem(asInjected(continued), 400);
  });
});

describe('a request that never finishes arriving', () => {
  const timeouts = { requestMs: 200, checkIntervalMs: 20 };
  let slow: Awaited<ReturnType<typeof buildApp>>;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabase();
    drop = created.drop;
    await migrateDatabase(created.database);
    slow = await buildApp({ config: testConfig(), database: created.database, logger: false, timeouts });
    await slow.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await slow?.close();
    await drop?.();
  });

  it('gets 408 problem+json once the request timeout passes (headers never completed)', async () => {
    const slowPort = (slow.server.address() as AddressInfo).port;
    const response = await rawRequest(slowPort, [`GET /health HTTP/1.1\r\n${HOST}X-Partial: a`]);
    expectProblem(asInjected(response), 408, 'La solicitud tardó demasiado en llegar completa');
  });
});

describe('a request that arrives while the server shuts down', () => {
  it("gets 503 problem+json, not Fastify's English reply", async () => {
    const created = await createTestDatabase();
    await migrateDatabase(created.database);
    const closing = await buildApp({ config: testConfig(), database: created.database, logger: false });
    try {
      await closing.listen({ port: 0, host: '127.0.0.1' });
      const closingPort = (closing.server.address() as AddressInfo).port;
      // The first request's body is still arriving when close() starts, so the connection is busy (not
      // closed as idle); the second, pipelined behind it, is routed after close() began.
      const routed = new Promise((resolve) => closing.server.once('request', resolve));
      const socket = connect(closingPort, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', resolve));
      const received: Buffer[] = [];
      socket.on('data', (data) => received.push(data));
      socket.on('error', () => {});
      const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      socket.write(
        `POST /api/v1/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{`,
      );
      await routed;
      const closed = closing.close();
      socket.write(`}GET /health HTTP/1.1\r\n${HOST}\r\n`);
      await ended;
      await closed;
      const replies = Buffer.concat(received)
        .toString('utf8')
        .split(/(?=HTTP\/1\.1 )/);
      expect(replies).toHaveLength(2);
      expect(replies[0]).toMatch(/^HTTP\/1\.1 400 /); // the login's own validation: it was served
      const last = replies[1] ?? '';
      expect(last).toMatch(/^HTTP\/1\.1 503 /);
      expect(last).toMatch(/\r\ncontent-type: application\/problem\+json/i);
      expect(JSON.parse(last.slice(last.indexOf('\r\n\r\n') + 4))).toMatchObject({
        status: 503,
        detail: 'El servidor se está deteniendo; intente de nuevo en unos segundos',
      });
    } finally {
      await closing.close();
      await created.drop();
    }
  });
});
