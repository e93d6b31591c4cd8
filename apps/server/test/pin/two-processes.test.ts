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
import { curpFor, jsonPart, newAccount } from '../support/builders.ts';
import { BAD_CREDENTIAL, PIN_LOCKED } from '../support/public-api.ts';

/**
 * The PIN lockout on two real server processes on one PostgreSQL database, behind a (simulated) load
 * balancer: TRUST_PROXY=true, so each request's X-Forwarded-For is its client address. Wrong PINs
 * from 20 addresses on looked-up loans, alternating servers, lock only their pairs and are reported
 * once as a burst; the administrators' list shows it on both; an unlock on one ends it on the other.
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

  it('20 wrong PINs from 20 addresses on 4 looked-up loans over both servers: 4 pairs locked, one burst report on both, the 5th loan still authorised; an unlock on A ends the report on B', async () => {
    const agent = await ok(
      apiA.json('POST', '/api/v1/users', {
        token: admin,
        body: {
          name: 'Agente',
          lastName: 'Atacado',
          username: 'atacado@prestaya.mx',
          password: 'secreto123',
          pin: '5193',
          roles: ['ROLE_USER'],
        },
      }),
    );
    const account = await ok(
      apiA.json('POST', '/api/v1/bank-accounts', { token: admin, body: newAccount({ balance: 100_000 }) }),
    );
    /** A delivered loan of the agent's customer, looked up (number + phone) through `api`. */
    async function lookedUpLoan(i: number, api: Http) {
      const phone = `55234567${String(i).padStart(2, '0')}`;
      const customer = await ok(
        apiA.json('POST', '/api/v1/customers', {
          token: admin,
          body: {
            name: 'Clara',
            lastName: `Ruiz${'a'.repeat(i)}`,
            phone,
            curp: curpFor(i, 'RUCC'),
            agentId: agent.id,
          },
        }),
      );
      const loan = await ok(
        apiA.json('POST', `/api/v1/customers/${customer.id}/loans`, {
          token: admin,
          body: { amount: 10_000 },
        }),
      );
      await ok(
        apiA.json('PUT', `/api/v1/loans/${loan.id}/approve`, {
          token: admin,
          body: { bankAccountId: account.id },
        }),
        200,
      );
      await ok(apiA.json('PUT', `/api/v1/loans/${loan.id}/activate`, { token: admin }), 200);
      const schedule = (
        await apiA.json('GET', `/api/v1/loans/${loan.id}/scheduled-payments`, { token: admin })
      ).body.data as { id: string; paymentNumber: number }[];
      const lookup = await api.json('GET', `/public/api/v1/loans/search?num=${loan.num}&phone=${phone}`);
      expect(lookup.status).toBe(200);
      return {
        id: loan.id,
        first: schedule.find((p) => p.paymentNumber === 1)?.id ?? '',
        proof: (lookup.body.data as { proof: string }).proof,
      };
    }
    const loans: Awaited<ReturnType<typeof lookedUpLoan>>[] = [];
    const loanAt = (i: number) => {
      const loan = loans[i];
      if (!loan) throw new Error(`no loan ${i}`);
      return loan;
    };
    for (let i = 0; i < 5; i++) loans.push(await lookedUpLoan(i, i % 2 ? apiB : apiA));
    const pay = (api: Http, loan: ReturnType<typeof loanAt>, pin: string, address: string) =>
      api.multipart(
        `/public/api/v1/loans/${loan.id}/payments`,
        [jsonPart({ scheduledPaymentIds: [loan.first], paymentMethod: 0 as never })],
        {
          authorization: agentCredentialHeader(agent.num, pin),
          'x-forwarded-for': address,
          'x-lookup-proof': loan.proof,
        },
      );

    // 4 loans × 5 wrong PINs, each from its own address, alternating servers: the 5th of each loan
    // locks that pair (423), nothing locks the agent.
    for (let i = 0; i < 20; i++) {
      const reply = await pay(i % 2 ? apiB : apiA, loanAt(Math.floor(i / 5)), '0000', `10.9.0.${i}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(i % 5 === 4 ? 423 : 401);
      expect(reply.body.detail).toMatch(i % 5 === 4 ? PIN_LOCKED : BAD_CREDENTIAL);
    }
    for (const api of [apiA, apiB]) {
      const locked = await pay(api, loanAt(0), '5193', '172.16.0.1');
      expect(locked.status).toBe(423);
      const locks = await api.json('GET', '/api/v1/users/pin-locks', { token: admin });
      expect(locks.body.data).toMatchObject([
        {
          userId: agent.id,
          num: agent.num,
          loans: 4,
          burst: { failedAttempts: 20, addresses: 20, loans: 4 },
        },
      ]);
    }
    // The agent's other loan, looked up, from a new address: the right PIN authorises.
    const paid = await pay(apiB, loanAt(4), '5193', '172.16.0.2');
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);

    await ok(apiA.json('POST', `/api/v1/users/${agent.id}/unlock-pin`, { token: admin }), 200);
    expect((await apiB.json('GET', '/api/v1/users/pin-locks', { token: admin })).body.data).toEqual([]);
    const unlocked = await pay(apiB, loanAt(0), '5193', '172.16.0.1');
    expect(unlocked.status, JSON.stringify(unlocked.body)).toBe(201);
  }, 120_000);
});
