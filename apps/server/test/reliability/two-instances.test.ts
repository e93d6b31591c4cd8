import { agentCredentialHeader } from '@prestaya/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { jsonPart } from '../support/builders.ts';
import { addDays as plusDays, businessToday as todayInMexicoCity } from '../support/clock.ts';
import { rowsOf } from '../support/database.ts';
import { expectLedgerInvariant } from '../support/ledger-invariant.ts';
import { expectLoanInvariant } from '../support/loan-invariant.ts';
import { BAD_CREDENTIAL, PIN_LOCKED } from '../support/public-api.ts';
import { holdRowLock } from '../support/row-lock.ts';
import { staffCalls } from './support/staff-calls.ts';
import {
  type Http,
  http,
  type LogLine,
  type ServerProcess,
  startServer,
  useScratchDatabase,
} from './support-server.ts';

/**
 * Two real server processes (children, each with its own DATA_DIR, sharing only JWT_SECRET and one
 * fresh PostgreSQL database), as behind a load balancer (docs/architecture.md "Shape": nothing in a
 * process's memory may be required for correctness).
 */
describe.skipIf(!process.env.DATABASE_URL)(
  'reliability: two server processes on one database (PostgreSQL)',
  () => {
    const scratch = useScratchDatabase();
    let database: Database;
    let a: ServerProcess;
    let b: ServerProcess;
    let apiA: Http;
    let apiB: Http;
    let adminToken: string;
    const { createAgent, deliveredLoan } = staffCalls(() => adminToken);

    let url = '';
    const start = () => startServer({ databaseUrl: url, logLevel: 'info' });

    beforeAll(async () => {
      ({ url, database } = await scratch.open());
      [a, b] = await Promise.all([start(), start()]);
      apiA = http(a.url);
      apiB = http(b.url);
      adminToken = await apiA.login();
    }, 120_000);

    const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await database.db.execute(text));

    it('a token obtained from one works on the other; a user cancelled on one is refused by the other at once', async () => {
      // The administrator's token from A: B accepts it, and B's refreshed token works on A.
      const users = await apiB.json('GET', '/api/v1/users', { token: adminToken });
      expect(users.status, JSON.stringify(users.body)).toBe(200);
      const refreshed = await apiB.json('POST', '/api/v1/auth/token/refresh', { token: adminToken });
      expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
      const fromB = refreshed.body.access_token as string;
      expect(typeof fromB).toBe('string');
      expect((await apiA.json('GET', '/api/v1/bank-accounts', { token: fromB })).status).toBe(200);

      // An agent signed in on B works on A until an administrator cancels them on B; then A refuses at once.
      const agent = await createAgent(apiA, '2468');
      const agentToken = await apiB.login(agent.username, agent.password);
      expect((await apiA.json('GET', '/api/v1/customers', { token: agentToken })).status).toBe(200);
      const { name, lastName, username, roles } = agent;
      const cancel = await apiB.json('PUT', `/api/v1/users/${agent.id}`, {
        token: adminToken,
        body: { name, lastName, username, roles, status: 'CANCELLED' },
      });
      expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
      const refused = await apiA.json('GET', '/api/v1/customers', { token: agentToken });
      expect(refused.status).toBe(401);
      expect((await apiB.json('GET', '/api/v1/customers', { token: agentToken })).status).toBe(401);
    }, 60_000);

    it("a password change, 'Cerrar sesiones' or a reactivation on one server refuses earlier tokens on both", async () => {
      const agent = await createAgent(apiA, '1470');
      const { name, lastName, username, roles } = agent;
      const works = async (api: Http, token: string) =>
        (await api.json('GET', '/api/v1/customers', { token })).status;
      const refused = async (token: string) => {
        for (const api of [apiA, apiB]) {
          const reply = await api.json('GET', '/api/v1/customers', { token });
          expect({ status: reply.status, detail: reply.body.detail }).toEqual({
            status: 401,
            detail: 'Sesión inválida o expirada',
          });
        }
      };
      const update = async (api: Http, changes: Record<string, unknown>) => {
        const reply = await api.json('PUT', `/api/v1/users/${agent.id}`, {
          token: adminToken,
          body: { name, lastName, username, roles, status: 'A', ...changes },
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      };

      // Password changed on B: the token from A is refused on A and B; the new password works on both.
      const beforePassword = await apiA.login(agent.username, agent.password);
      expect(await works(apiB, beforePassword)).toBe(200);
      await update(apiB, { password: 'NuevaClave2026' });
      await refused(beforePassword);

      // 'Cerrar sesiones' on A: the token from B is refused on both.
      const beforeRevoke = await apiB.login(agent.username, 'NuevaClave2026');
      expect(await works(apiA, beforeRevoke)).toBe(200);
      const revoke = await apiA.json('POST', `/api/v1/users/${agent.id}/revoke-sessions`, {
        token: adminToken,
      });
      expect(revoke.status, JSON.stringify(revoke.body)).toBe(200);
      await refused(beforeRevoke);

      // Cancelled on A, reactivated on B: the token from before does not come back on either.
      const beforeCancel = await apiA.login(agent.username, 'NuevaClave2026');
      await update(apiA, { status: 'CANCELLED' });
      await refused(beforeCancel);
      await update(apiB, { status: 'A' });
      await refused(beforeCancel);
      const after = await apiB.login(agent.username, 'NuevaClave2026');
      expect(await works(apiA, after)).toBe(200);
      expect(await works(apiA, adminToken)).toBe(200);
    }, 60_000);

    it('5 wrong PINs for one (agent, loan) spread over both servers (3 on A, 2 on B) lock that pair on both', async () => {
      // The customer's agent authorises (another agent may not), on a loan looked up with number and
      // phone through server A: its proof is accepted by B too (one secret).
      const control = await createAgent(apiA, '1357');
      const { loanId, installments, num, phone } = await deliveredLoan(apiA, { agentId: control.id });
      const lookup = await apiA.json('GET', `/public/api/v1/loans/search?num=${num}&phone=${phone}`);
      expect(lookup.status).toBe(200);
      const proof = (lookup.body.data as { proof: string }).proof;
      const first = installments[0]?.id ?? '';
      const pay = (api: Http, userNum: number, pin: string) =>
        api.multipart(
          `/public/api/v1/loans/${loanId}/payments`,
          [jsonPart({ scheduledPaymentIds: [first], paymentMethod: 0 as never })],
          { authorization: agentCredentialHeader(userNum, pin), 'x-lookup-proof': proof },
        );
      const lockoutOf = async (userNum: number) =>
        (
          await query<{ failed_count: number; locked: boolean }>(sql`
          select failed_count, coalesce(locked_until > now(), false) as locked
            from pin_lockouts where user_num = ${userNum} and scope = ${`loan:${loanId}`}`)
        )[0];

      // Control: 4 wrong PINs over both do not lock; the right PIN then pays (and clears the count).
      for (const api of [apiA, apiB, apiA, apiB]) {
        const reply = await pay(api, control.num, '0000');
        expect({ status: reply.status, detail: reply.body.detail }).toEqual({
          status: 401,
          detail: BAD_CREDENTIAL,
        });
      }
      expect(await lockoutOf(control.num)).toEqual({ failed_count: 4, locked: false });
      const paid = await pay(apiB, control.num, '1357');
      expect(paid.status, JSON.stringify(paid.body)).toBe(201);
      expect(await lockoutOf(control.num)).toBeUndefined();

      // 5 wrong PINs, alternating: no server saw 5 by itself, yet the pair is locked on both (the
      // 5th is answered with the lock: 423 and the time it opens).
      for (const [i, api] of [apiA, apiB, apiA, apiB, apiA].entries()) {
        const reply = await pay(api, control.num, '0000');
        expect(reply.status, JSON.stringify(reply.body)).toBe(i < 4 ? 401 : 423);
        expect(reply.body.detail).toMatch(i < 4 ? BAD_CREDENTIAL : PIN_LOCKED);
      }
      expect(await lockoutOf(control.num)).toEqual({ failed_count: 5, locked: true });
      for (const api of [apiB, apiA]) {
        const reply = await pay(api, control.num, '1357');
        expect(reply.status).toBe(423);
        expect(reply.body.detail).toMatch(PIN_LOCKED);
      }
      // Only the control's payment exists.
      expect(await query(sql`select channel, status from payments`)).toEqual([
        { channel: 'PUBLIC', status: 'VALIDATING' },
      ]);
      await expectLedgerInvariant(database.db);
      await expectLoanInvariant(database.db);
    }, 60_000);

    it('the fee accrual started on both servers at once runs once: fees created exactly once', async () => {
      // Three loans from the past: requested (and, backdated, registered) 40 days ago, delivered.
      const today = todayInMexicoCity();
      const requestDate = plusDays(today, -40);
      const loans = [];
      for (let i = 0; i < 3; i++) loans.push(await deliveredLoan(apiA, { requestDate }));
      await database.db.execute(sql`update loans set created_on = created_on - interval '40 days'`);
      expect(await query(sql`select id from fees`)).toEqual([]);

      // Expected, per installment: one $50 fee per day past due (due date + 1 … today), up to the weekly
      // fee of $1,000 (10% of $10,000) = 20 fees. Installments due today or later have none.
      const perLoan = (loans[0]?.installments ?? []).reduce((total, installment) => {
        const days = Math.round((Date.parse(today) - Date.parse(installment.dueDate)) / 86_400_000);
        return total + Math.min(20, Math.max(0, days));
      }, 0);
      expect(perLoan).toBeGreaterThan(40);

      // Both servers stop and start again at once: each runs the accrual at start-up. One loan row is
      // held locked meanwhile, so whichever run takes the accrual lock first waits inside it on that row
      // — the two runs certainly overlap.
      await Promise.all([a.kill('SIGTERM'), b.kill('SIGTERM')]);
      const gate = await holdRowLock(database, 'loans', loans[0]?.loanId ?? '');
      try {
        [a, b] = await Promise.all([start(), start()]);
        const finished = (line: LogLine) => line.msg === 'fee accrual finished';
        // While one run waits on the held row, the other must give up at once on the accrual lock.
        const firstToFinish = await Promise.race([
          a.waitForLog(finished, 60_000),
          b.waitForLog(finished, 60_000),
        ]).catch(() => ({ msg: 'ninguna ejecución terminó mientras la otra esperaba' }));
        expect(firstToFinish).toMatchObject({ status: 'skipped', feesCreated: 0, throughDate: today });
        expect(await gate.waitForBlocked(1)).toBeGreaterThanOrEqual(1);
      } finally {
        await gate.release();
      }
      const runs = await Promise.all(
        [a, b].map((server) => server.waitForLog((line) => line.msg === 'fee accrual finished')),
      );
      expect(runs.map((run) => run.status).sort()).toEqual(['done', 'skipped']);
      expect(runs.find((run) => run.status === 'done')).toMatchObject({
        feesCreated: 3 * perLoan,
        loansUpdated: 3,
        throughDate: today,
      });

      const [fees] = await query<{ n: number; distinct_days: number; total: number }>(sql`
      select count(*)::int as n, count(distinct (scheduled_payment_id, fee_date))::int as distinct_days,
             sum(amount_cents)::int as total
        from fees`);
      expect(fees).toEqual({ n: 3 * perLoan, distinct_days: 3 * perLoan, total: 3 * perLoan * 5_000 });
      expect(await query(sql`select distinct status from loans where loan_from_past`)).toEqual([
        { status: 'DELAYED' },
      ]);
      await expectLedgerInvariant(database.db);
      await expectLoanInvariant(database.db);

      // The servers restarted together serve, with the administrator's token from before.
      apiA = http(a.url);
      apiB = http(b.url);
      for (const api of [apiA, apiB]) {
        expect((await api.json('GET', '/api/v1/loans', { token: adminToken })).status).toBe(200);
      }
    }, 180_000);
  },
);
