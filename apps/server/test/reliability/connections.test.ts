import { request as httpRequest } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionLimits } from '../../src/config.ts';
import { createAdmin, DEFAULT_TEST_CONNECTIONS, useTestApp } from '../support/app.ts';

/**
 * What one client, and all clients together, may hold open, on a real listening socket (app.inject has
 * no connections). Test clients come from several loopback addresses (127.0.0.2, 127.0.0.3, …: Linux
 * routes all of 127/8 to the loopback interface); 127.0.0.1 is the machine's own probe.
 */

const held: Socket[] = [];
afterEach(() => {
  for (const socket of held.splice(0)) socket.destroy();
});

/** A connection from `from`, open once the TCP handshake is done; nothing sent. */
function open(port: number, from: string): Promise<Socket> {
  return new Promise((done, fail) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => done(socket));
    socket.once('error', fail);
    held.push(socket);
  });
}

/**
 * Sends GET /health on a fresh connection from `from`: 'answered' when a reply starts, 'closed' when
 * the server closes the connection without one.
 */
function probe(port: number, from: string): Promise<'answered' | 'closed'> {
  return new Promise((done) => {
    const socket = connect({ port, host: '127.0.0.1', localAddress: from }, () => {
      socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    });
    held.push(socket);
    socket.on('error', () => {});
    socket.once('data', (data) => {
      done(data.toString('latin1').startsWith('HTTP/1.1 200') ? 'answered' : 'closed');
      socket.destroy();
    });
    socket.once('close', () => done('closed'));
  });
}

/** A signed-in staff request (the users list) from `from`; resolves with its status. */
function signedIn(port: number, from: string, token: string): Promise<number> {
  return new Promise((done, fail) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port,
        localAddress: from,
        path: '/api/v1/users',
        headers: { authorization: `Bearer ${token}`, connection: 'close' },
      },
      (response) => {
        response.resume();
        response.once('end', () => done(response.statusCode ?? 0));
      },
    );
    call.once('error', fail);
    call.end();
  });
}

/** Until the server closes `socket`: what it wrote before closing (`step` runs every 50 ms till then). */
function untilClosed(socket: Socket, step: () => void): Promise<string> {
  return new Promise((done) => {
    const received: Buffer[] = [];
    socket.on('data', (data) => received.push(data));
    socket.on('error', () => {});
    // A server that never cuts the connection fails the test by its own time limit.
    const timer = setInterval(() => {
      if (!socket.destroyed && socket.writable) step();
    }, 50);
    socket.once('close', () => {
      clearInterval(timer);
      done(Buffer.concat(received).toString('utf8'));
    });
  });
}

const portOf = (context: { app: { server: { address(): unknown } } }) =>
  (context.app.server.address() as AddressInfo).port;

function useListeningApp(connections: Partial<ConnectionLimits>) {
  const context = useTestApp({ connections: { ...DEFAULT_TEST_CONNECTIONS, ...connections } });
  return {
    context,
    async port() {
      if (!context.app.server.listening) await context.app.listen({ port: 0, host: '127.0.0.1' });
      return portOf(context);
    },
  };
}

describe('connections per client address and overall', () => {
  const { context, port } = useListeningApp({ max: 8, perAddress: 5 });

  it('one address holding its bound gets its next connection closed; /health and a signed-in user still answer', async () => {
    const listening = await port();
    const admin = await createAdmin(context);
    for (let index = 0; index < 5; index += 1) await open(listening, '127.0.0.2');
    expect(await probe(listening, '127.0.0.2')).toBe('closed');
    expect(await probe(listening, '127.0.0.1')).toBe('answered');
    expect(await signedIn(listening, '127.0.0.3', admin.token)).toBe(200);
    // A connection let go frees its place.
    held[0]?.destroy();
    await new Promise((done) => setTimeout(done, 50));
    expect(await probe(listening, '127.0.0.2')).toBe('answered');
  });

  it('all slots taken: a new client is closed, the machine’s own /health still answers', async () => {
    const listening = await port();
    for (let index = 0; index < 5; index += 1) await open(listening, '127.0.0.2');
    for (let index = 0; index < 3; index += 1) await open(listening, '127.0.0.4');
    expect(await probe(listening, '127.0.0.5')).toBe('closed');
    expect(await probe(listening, '127.0.0.1')).toBe('answered');
  });
});

describe('a client cannot hold a connection by sending slowly or not at all', () => {
  const { port } = useListeningApp({
    headersTimeoutMs: 300,
    requestTimeoutMs: 600,
    keepAliveTimeoutMs: 300,
  });
  it('a client trickling headers is cut with 408 after the headers bound', async () => {
    const listening = await port();
    const socket = await open(listening, '127.0.0.2');
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let sent = 0;
    const reply = await untilClosed(socket, () => {
      sent += 1;
      socket.write(`X-Trickle-${sent}: a\r\n`);
    });
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(reply).toContain('La solicitud tardó demasiado en llegar completa');
  });

  it('a client trickling a body is cut after the request bound', async () => {
    const listening = await port();
    const socket = await open(listening, '127.0.0.2');
    socket.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"username":"',
    );
    const reply = await untilClosed(socket, () => socket.write('a'));
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('an idle keep-alive connection is closed after the keep-alive bound', async () => {
    const listening = await port();
    const socket = await open(listening, '127.0.0.2');
    socket.write('GET /health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const reply = await untilClosed(socket, () => {});
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
    expect(reply.match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });
});
