import { count, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customers as customerRows } from '../../src/db/schema/customers.ts';
import { crashChecks } from '../reliability/crash/checks.ts';
import { KINDS, type Operation, workload } from '../reliability/crash/workload.ts';
import { type Http, type HttpReply, http } from '../reliability/support-server.ts';
import { curpFor, newAccount, newCustomer } from '../support/builders.ts';
import { callOk, useCluster } from './cluster.ts';

/**
 * One of two servers behind nginx killed with SIGKILL in the middle of 500 mixed operations from a few
 * concurrent clients (reads, new customers, and the crash test's money operations: deposits,
 * withdrawals, loan requests, Reservas, Entregas, payments registered and confirmed). nginx sends the
 * rest to the other server; afterwards every acknowledged operation is in the database exactly once,
 * one cut by the kill at most once, and the ledger and loan invariants hold.
 */
/** 500 operations from 6 concurrent clients; server A is killed when the 150th starts. */
const RUN = { operations: 500, killAt: 150, clients: 6 };
/** Made before the run: accounts with money, customers free to ask for a loan. */
const SETUP = { accounts: 3, customers: 60 };
const CHECKER = 'cluster-checker';

/** An operation of the run: a money operation, a read, or a new customer (`ref` = its CURP). */
type Step = { kind: 'read' | 'customer'; ref: string; run(api: Http): Promise<HttpReply> };

describe.skipIf(!process.env.DATABASE_URL)('cluster: a server killed behind nginx (PostgreSQL)', () => {
  const cluster = useCluster({ applicationName: CHECKER });

  it('sends the rest to the other server and loses or doubles nothing acknowledged', async () => {
    const url = cluster.balancer.url;
    const api = http(url);
    const token = await api.login();
    const accounts: string[] = [];
    for (let i = 0; i < SETUP.accounts; i++) {
      const body = newAccount({ name: `Cuenta ${i}`, balance: 300_000 });
      accounts.push(
        (await callOk<{ id: string }>(201, url, 'POST', '/api/v1/bank-accounts', { token, body })).id,
      );
    }
    const free: string[] = [];
    for (let i = 0; i < SETUP.customers; i++) {
      const body = newCustomer({ curp: curpFor(i, 'CLUS') });
      free.push((await callOk<{ id: string }>(201, url, 'POST', '/api/v1/customers', { token, body })).id);
    }

    // Every 10 operations: 2 reads and 1 new customer (who may then ask for a loan), 7 money ones.
    const money = workload(token, accounts, free);
    let serial = 0;
    function nextStep(): Operation | Step | undefined {
      serial += 1;
      const slot = serial % 10;
      if (slot === 1)
        return { kind: 'read', ref: '', run: (to) => to.json('GET', '/api/v1/loans', { token }) };
      if (slot === 2)
        return { kind: 'read', ref: '', run: (to) => to.json('GET', '/api/v1/bank-accounts', { token }) };
      if (slot === 3) {
        const curp = curpFor(SETUP.customers + serial, 'CLUS');
        return {
          kind: 'customer',
          ref: curp,
          run: async (to) => {
            const reply = await to.json('POST', '/api/v1/customers', { token, body: newCustomer({ curp }) });
            if (reply.status === 201) free.push((reply.body.data as { id: string }).id);
            return reply;
          },
        };
      }
      return money.nextOperation();
    }

    // The run: server A is killed when operation RUN.killAt starts, while the others are in flight.
    const acknowledged: (Operation | Step)[] = [];
    const refused: { kind: string; status: number; detail: unknown }[] = [];
    const cut: (Operation | Step)[] = [];
    let started = 0;
    let killing: Promise<void> | undefined;
    let killed = false;
    const victim = cluster.servers[0];
    async function client() {
      while (started < RUN.operations) {
        const step = nextStep();
        if (!step) break;
        started += 1;
        if (started === RUN.killAt) {
          killing = victim?.kill('SIGKILL').then(() => {
            killed = true;
          });
        }
        const beforeKill = !killed;
        let reply: HttpReply | undefined;
        try {
          reply = await step.run(api);
        } catch {
          // No reply at all: the outcome is unknown.
        }
        const acked = reply !== undefined && reply.status >= 200 && reply.status < 300;
        if (acked && 'onSuccess' in step) step.onSuccess(reply as HttpReply);
        if (acked) acknowledged.push(step);
        else if (beforeKill && (killing || reply === undefined)) cut.push(step);
        else refused.push({ kind: step.kind, status: reply?.status ?? 0, detail: reply?.body.detail });
      }
    }
    await Promise.all(Array.from({ length: RUN.clients }, client));
    await killing;

    expect(started).toBe(RUN.operations);
    expect(killed).toBe(true);
    // Cut: only what was in flight at the kill (nginx answers 502 for a request the dead server had;
    // a PUT it resends may meet its own effect as a 409).
    expect(cut.length).toBeLessThanOrEqual(RUN.clients);
    // Refused: only an account too short for a withdrawal or a Reserva.
    for (const refusal of refused) {
      expect(refusal.status, JSON.stringify(refusal)).toBe(409);
      expect(refusal.detail, JSON.stringify(refusal)).toMatch(/^Saldo insuficiente/);
    }
    expect(acknowledged.length).toBeGreaterThan(RUN.operations - RUN.killAt);

    // The database: invariants, money operations once, new customers once (by CURP).
    const check = crashChecks(cluster.database, CHECKER);
    const summary = await check.expectConsistent('tras matar un servidor');
    const isMoney = (step: Operation | Step): step is Operation => (KINDS as string[]).includes(step.kind);
    await check.expectAcknowledgedOnce(acknowledged.filter(isMoney));
    for (const op of cut.filter(isMoney)) await check.expectAtMostOnce(op);
    const customers = async (steps: (Operation | Step)[]) => {
      const curps = steps.filter((step) => step.kind === 'customer').map((step) => step.ref);
      const rows = curps.length
        ? await cluster.database.db
            .select({ curp: customerRows.curp, n: count() })
            .from(customerRows)
            .where(inArray(customerRows.curp, curps))
            .groupBy(customerRows.curp)
        : [];
      return { asked: curps.length, rows };
    };
    const ackedCustomers = await customers(acknowledged);
    expect(ackedCustomers.rows.filter((row) => row.n === 1)).toHaveLength(ackedCustomers.asked);
    for (const row of (await customers(cut)).rows) expect(row.n, row.curp).toBe(1);

    // The workload was not empty: each kind acknowledged several times.
    for (const kind of [...KINDS, 'read', 'customer']) {
      const count = acknowledged.filter((step) => step.kind === kind).length;
      expect(count, `operaciones ${kind}`).toBeGreaterThanOrEqual(10);
    }
    expect(summary.payments.PAID).toBeGreaterThanOrEqual(10);

    // Through nginx the surviving server answers (after a try at the dead one when its fail_timeout
    // has passed: $upstream_addr then lists both).
    const survivor = new URL(cluster.servers[1]?.url ?? '').host;
    const after = await callOk<unknown>(200, url, 'GET', '/api/v1/users', { token });
    expect(after.upstream.split(', ').at(-1)).toBe(survivor);
  }, 120_000);
});
