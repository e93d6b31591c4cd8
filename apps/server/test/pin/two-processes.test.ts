import { agentCredentialHeader } from '@prestaya/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Http,
  http,
  killAllServers,
  removeTemporaryDirectories,
  scratchDatabase,
  startServer,
} from '../reliability/support-server.ts';
import { jsonPart, newAccount } from '../support/builders.ts';
import { BAD_CREDENTIAL, PIN_LOCKED } from '../support/public-api.ts';

/**
 * The PIN lockout on two real server processes on one PostgreSQL database, behind a (simulated) load
 * balancer: TRUST_PROXY=true, so each request's X-Forwarded-For is its client address. Wrong PINs
 * from 20 addresses, alternating servers, lock the number everywhere; the administrators' list shows it
 * on both; an unlock on one opens it on the other.
 */
describe.skipIf(!process.env.DATABASE_URL)('PIN lockout across two server processes (PostgreSQL)', () => {
  let drop: (() => Promise<void>) | undefined;
  let apiA: Http;
  let apiB: Http;
  let admin: string;

  beforeAll(async () => {
    const scratch = await scratchDatabase();
    drop = scratch.drop;
    const start = () => startServer({ databaseUrl: scratch.url, env: { TRUST_PROXY: 'true' } });
    const [a, b] = await Promise.all([start(), start()]);
    apiA = http(a.url);
    apiB = http(b.url);
    admin = await apiA.login();
  }, 120_000);
  afterAll(async () => {
    await killAllServers();
    await drop?.();
    removeTemporaryDirectories();
  });

  async function ok(reply: Promise<{ status: number; body: { data?: unknown } }>, status = 201) {
    const { status: got, body } = await reply;
    expect(got, JSON.stringify(body)).toBe(status);
    return body.data as Record<string, unknown> & { id: string; num: number };
  }

  it('20 wrong PINs from 20 addresses over both servers lock the number on both; an unlock on A opens it on B', async () => {
    const agent = await ok(
      apiA.json('POST', '/api/v1/users', {
        token: admin,
        body: {
          name: 'Agente',
          lastName: 'Bloqueado',
          username: 'bloqueado@prestaya.mx',
          password: 'secreto123',
          pin: '5193',
          roles: ['ROLE_USER'],
        },
      }),
    );
    const customer = await ok(
      apiA.json('POST', '/api/v1/customers', {
        token: admin,
        body: {
          name: 'Clara',
          lastName: 'Ruiz',
          phone: '5523456789',
          curp: 'RUCC900101MDFXXX01',
          agentId: agent.id,
        },
      }),
    );
    const account = await ok(
      apiA.json('POST', '/api/v1/bank-accounts', { token: admin, body: newAccount({ balance: 20_000 }) }),
    );
    const loan = await ok(
      apiA.json('POST', `/api/v1/customers/${customer.id}/loans`, { token: admin, body: { amount: 10_000 } }),
    );
    await ok(
      apiA.json('PUT', `/api/v1/loans/${loan.id}/approve`, {
        token: admin,
        body: { bankAccountId: account.id },
      }),
      200,
    );
    await ok(apiA.json('PUT', `/api/v1/loans/${loan.id}/activate`, { token: admin }), 200);
    const schedule = (await apiA.json('GET', `/api/v1/loans/${loan.id}/scheduled-payments`, { token: admin }))
      .body.data as { id: string; paymentNumber: number }[];
    const firstInstallment = schedule.find((p) => p.paymentNumber === 1)?.id ?? '';
    const pay = (api: Http, pin: string, address: string) =>
      api.multipart(
        `/public/api/v1/loans/${loan.id}/payments`,
        [jsonPart({ scheduledPaymentIds: [firstInstallment], paymentMethod: 0 as never })],
        { authorization: agentCredentialHeader(agent.num, pin), 'x-forwarded-for': address },
      );

    for (let i = 0; i < 19; i++) {
      const reply = await pay(i % 2 ? apiB : apiA, '0000', `10.9.0.${i}`);
      expect({ status: reply.status, detail: reply.body.detail }).toEqual({
        status: 401,
        detail: BAD_CREDENTIAL,
      });
    }
    const twentieth = await pay(apiB, '0000', '10.9.0.19');
    expect(twentieth.status).toBe(423);
    expect(twentieth.body.detail).toMatch(PIN_LOCKED);
    for (const api of [apiA, apiB]) {
      const refused = await pay(api, '5193', '172.16.0.1');
      expect(refused.status).toBe(423);
      const locks = await api.json('GET', '/api/v1/users/pin-locks', { token: admin });
      expect(locks.body.data).toMatchObject([{ userId: agent.id, num: agent.num, everywhere: true }]);
    }

    await ok(apiA.json('POST', `/api/v1/users/${agent.id}/unlock-pin`, { token: admin }), 200);
    expect((await apiB.json('GET', '/api/v1/users/pin-locks', { token: admin })).body.data).toEqual([]);
    const paid = await pay(apiB, '5193', '172.16.0.1');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
  }, 60_000);
});
