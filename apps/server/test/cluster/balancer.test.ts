import { connect, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ADMIN, type LogLine } from '../reliability/support-server.ts';
import { filePart, fixture, jsonPart, newCustomer } from '../support/builders.ts';
import { addDays, businessToday } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { imageOf } from '../support/images.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { call, callOk, useCluster } from './cluster.ts';
import { BALANCER_SOURCE_ADDRESS, PER_CLIENT_REQUESTS, upstreamOf } from './nginx.ts';

/**
 * Two servers behind nginx on one PostgreSQL database (docs/operations.md "Several servers behind
 * nginx"): whatever server nginx picks for a request, the reply is the same.
 */
describe.skipIf(!process.env.DATABASE_URL)('cluster: two servers behind nginx (PostgreSQL)', () => {
  const cluster = useCluster();
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await cluster.database.db.execute(text));
  const through = (...args: Parameters<typeof call> extends [string, ...infer Rest] ? Rest : never) =>
    call(cluster.balancer.url, ...args);
  const upstreams = () => cluster.servers.map((server) => upstreamOf(server.url));
  let token = '';

  /** A loan from the past (no bank account involved), delivered, with its installments in order. */
  async function pastLoan(serial: number) {
    const url = cluster.balancer.url;
    const customer = await callOk<{ id: string }>(201, url, 'POST', '/api/v1/customers', {
      token,
      body: newCustomer({ phone: String(5_800_000_000 + serial) }),
    });
    const requestDate = addDays(businessToday(), -40);
    const loan = await callOk<{ id: string }>(201, url, 'POST', `/api/v1/customers/${customer.id}/loans`, {
      token,
      body: { amount: 10_000, loanFromPast: true, requestDate },
    });
    await callOk(200, url, 'PUT', `/api/v1/loans/${loan.id}/approve`, { token, body: {} });
    await callOk(200, url, 'PUT', `/api/v1/loans/${loan.id}/activate`, { token });
    const schedule = await through('GET', `/api/v1/loans/${loan.id}/scheduled-payments`, { token });
    const installments = (schedule.body.data as { id: string; paymentNumber: number }[]).sort(
      (x, y) => x.paymentNumber - y.paymentNumber,
    );
    return { loanId: loan.id, installments };
  }

  it('signs in through the balancer, which spreads requests over both servers and reports the client address', async () => {
    // The client writes an address of its own: nginx replaces it with the one it saw.
    const login = await through('POST', '/api/v1/auth/login', {
      body: { username: ADMIN.username, password: ADMIN.password },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(login.status, JSON.stringify(login.body)).toBe(200);
    token = login.body.access_token as string;

    // Round robin: four calls with that token reach both servers, and both accept it.
    const served = [];
    for (let i = 0; i < 4; i++) {
      const reply = await through('GET', '/api/v1/users', { token });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      served.push(reply.upstream);
    }
    expect(new Set(served)).toEqual(new Set(upstreams()));

    // With TRUST_PROXY=true the sign-in was counted for the client's address, not nginx's (which
    // connects from BALANCER_SOURCE_ADDRESS) nor the one the client made up.
    expect(await query(sql`select key from rate_limit_hits where key like 'login:%'`)).toEqual([
      { key: 'login:127.0.0.1' },
    ]);
    expect(BALANCER_SOURCE_ADDRESS).not.toBe('127.0.0.1');
  }, 60_000);

  it('bounds the requests one client address holds in progress; other clients and /health still answer', async () => {
    const { port } = new URL(cluster.balancer.url);
    const held: Socket[] = [];
    /** A connection from `from` whose POST body never finishes: nginx keeps waiting for it. */
    const holdUpload = (from: string) =>
      new Promise<void>((done, fail) => {
        const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: from }, () => {
          socket.write(
            'POST /api/v1/customers HTTP/1.1\r\nHost: prestaya\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{',
            () => done(),
          );
        });
        socket.on('error', fail);
        held.push(socket);
      });
    /** Status of one GET from `from` on a fresh connection. */
    const statusFrom = (from: string, path: string) =>
      new Promise<number>((done, fail) => {
        const socket = connect({ host: '127.0.0.1', port: Number(port), localAddress: from }, () =>
          socket.write(
            `GET ${path} HTTP/1.1\r\nHost: prestaya\r\nAuthorization: Bearer ${token}\r\nConnection: close\r\n\r\n`,
          ),
        );
        socket.once('data', (data) => {
          done(Number(data.toString('latin1').split(' ')[1]));
          socket.destroy();
        });
        socket.on('error', fail);
      });
    try {
      for (let i = 0; i < PER_CLIENT_REQUESTS; i++) await holdUpload('127.0.0.5');
      // nginx counts a held upload once it has read its headers: ask until it has read them all.
      let fromHolder = 0;
      for (let attempt = 0; attempt < 50 && fromHolder !== 429; attempt++) {
        fromHolder = await statusFrom('127.0.0.5', '/health');
      }
      expect(fromHolder).toBe(429);
      expect(await statusFrom('127.0.0.1', '/health')).toBe(200);
      expect(await statusFrom('127.0.0.6', '/api/v1/users')).toBe(200);
    } finally {
      for (const socket of held) socket.destroy();
    }
  }, 60_000);

  it('shows through one server the payment proof uploaded through the other', async () => {
    const { loanId, installments } = await pastLoan(1);
    const png = fixture('proof.png');
    const payment = await callOk<{ id: string }>(
      201,
      cluster.balancer.url,
      'POST',
      `/api/v1/loans/${loanId}/payments`,
      {
        token,
        parts: [
          jsonPart({ scheduledPaymentIds: [installments[0]?.id ?? ''], paymentMethod: 'TRANSFER' }),
          filePart(png),
        ],
      },
    );
    const uploadedBy = payment.upstream;
    expect(upstreams()).toContain(uploadedBy);

    // Round robin: of two requests in a row, one goes to the server that did not take the upload.
    const details = [];
    for (let i = 0; i < 2; i++) {
      const reply = await through('GET', `/api/v1/payments/${payment.id}/details`, { token });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      details.push(reply);
    }
    expect(new Set(details.map((reply) => reply.upstream))).toEqual(new Set(upstreams()));
    const data = details[0]?.body.data as { attachments: { uri: string }[] } | undefined;
    const uri = data?.attachments[0]?.uri ?? '';
    const images = [await through('GET', uri), await through('GET', uri)];
    // Both servers serve the same stored bytes: the re-encoded copy of the uploaded picture.
    const uploaded = await imageOf(png);
    for (const image of images) {
      expect(image.status).toBe(200);
      expect(image.raw.equals(images[0]?.raw ?? Buffer.alloc(0))).toBe(true);
      expect(await imageOf(image.raw)).toMatchObject(uploaded);
    }
    expect(new Set(images.map((image) => image.upstream))).toEqual(new Set(upstreams()));
  }, 60_000);

  it('runs the fee accrual once when both servers start at the same time', async () => {
    for (let serial = 2; serial < 5; serial++) await pastLoan(serial);
    await query(sql`update loans set created_on = created_on - interval '40 days'`);
    expect(await query(sql`select id from fees`)).toEqual([]);

    // Both servers replaced at once (as in a deployment): each runs the accrual at start-up.
    await cluster.restartServers();
    const runs = await Promise.all(
      cluster.servers.map((server) =>
        server.waitForLog((line: LogLine) => line.msg === 'fee accrual finished'),
      ),
    );
    const created = runs.map((run) => Number(run.feesCreated)).sort((x, y) => x - y);
    expect(created[0], JSON.stringify(runs)).toBe(0);
    const [fees] = await query<{ n: number; distinct_days: number }>(sql`
      select count(*)::int as n, count(distinct (scheduled_payment_id, fee_date))::int as distinct_days
        from fees`);
    expect(fees).toEqual({ n: created[1], distinct_days: created[1] });
    expect(created[1]).toBeGreaterThan(3 * 40);
    await expectLedgerInvariant(cluster.database.db);
    await expectLoanInvariant(cluster.database.db);

    // The new servers serve through the balancer with the token from before.
    const served = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const reply = await through('GET', '/api/v1/loans', { token });
      expect(reply.status).toBe(200);
      served.add(reply.upstream);
    }
    expect(served).toEqual(new Set(upstreams()));
  }, 180_000);
});
