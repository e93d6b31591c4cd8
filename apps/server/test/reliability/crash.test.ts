import { describe, expect, it } from 'vitest';
import { newAccount } from '../support/builders.ts';
import { crashChecks } from './crash/checks.ts';
import { KINDS, type Operation, workload } from './crash/workload.ts';
import { numberedCustomer } from './support/staff-calls.ts';
import { http, type ServerProcess, startServer, useScratchDatabase } from './support-server.ts';

/**
 * Crash safety: the real server (a child process) on a fresh PostgreSQL database takes 1,000 mixed
 * operations over HTTP from 10 concurrent clients — deposits, withdrawals, loan requests, approvals
 * (Reserva), deliveries (Entrega), payment registrations and confirmations (Abono) — and is killed with
 * SIGKILL half-way, at a moment when the database shows its write transactions open. Then, with the
 * server down, and again after it was restarted on the same database and took the other half:
 * - the ledger and loan invariants hold (no payment PAID without its Abono, no loan delivered without
 *   its Entrega, balances = Σ movements; test/bank-accounts/*-invariant.ts);
 * - the transactions cut by the kill were rolled back by PostgreSQL (txid_status 'aborted');
 * - every operation the server acknowledged (2xx) is there, exactly once; an operation cut by the kill
 *   is there at most once;
 * - the restarted server serves requests, with the tokens issued before the crash.
 */
const TOTAL = 1_000;
const KILL_AT = 500;
const CLIENTS = 10;
const CUSTOMERS = 160;
const ACCOUNTS = 4;
/** Our own connections are named so the server's can be told apart in pg_stat_activity. */
const CHECKER = 'reliability-checker';

describe.skipIf(!process.env.DATABASE_URL)(
  'reliability: kill -9 during 1,000 money operations (PostgreSQL)',
  () => {
    const scratch = useScratchDatabase();

    it('loses nothing acknowledged, leaves nothing half-done, and serves again after a restart', async () => {
      const { url, database } = await scratch.open(CHECKER);
      let server: ServerProcess = await startServer({ databaseUrl: url });
      let api = http(server.url);
      const check = crashChecks(database, CHECKER);

      // ---- Set-up: accounts and customers (not counted among the 1,000).
      const token = await api.login();
      const accounts: string[] = [];
      for (let i = 0; i < ACCOUNTS; i++) {
        const reply = await api.json('POST', '/api/v1/bank-accounts', {
          token,
          body: newAccount({ name: `Cuenta ${i}`, balance: 400_000 }),
        });
        expect(reply.status, JSON.stringify(reply.body)).toBe(201);
        accounts.push((reply.body.data as { id: string }).id);
      }
      const free: string[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          for (let i = client; i < CUSTOMERS; i += CLIENTS) {
            const reply = await api.json('POST', '/api/v1/customers', {
              token,
              body: numberedCustomer(i, 'Fiable', 5_600_000_000, 'RELI'),
            });
            expect(reply.status, JSON.stringify(reply.body)).toBe(201);
            free.push((reply.body.data as { id: string }).id);
          }
        }),
      );
      const { nextOperation } = workload(token, accounts, free);

      // ---- The workload: CLIENTS loops; the kill happens when the KILL_AT-th operation starts.
      const acknowledged: Operation[] = [];
      const refused: { kind: Operation['kind']; status: number; detail: unknown }[] = [];
      const cut: Operation[] = [];
      let started = 0;
      let down = false;
      let resume: () => void = () => {};
      let resumed = Promise.resolve();
      let reachedKillPoint: () => void = () => {};
      const killPoint = new Promise<void>((done) => {
        reachedKillPoint = done;
      });

      async function client() {
        while (started < TOTAL) {
          if (down) {
            await resumed;
            continue;
          }
          const op = nextOperation();
          if (!op) break;
          started += 1;
          if (started === KILL_AT) reachedKillPoint();
          try {
            const reply = await op.run(api);
            if (reply.status >= 200 && reply.status < 300) {
              op.onSuccess(reply);
              acknowledged.push(op);
            } else {
              refused.push({ kind: op.kind, status: reply.status, detail: reply.body.detail });
            }
          } catch {
            // The connection died with the server: the outcome is unknown, the item leaves the model.
            cut.push(op);
          }
        }
      }

      const clients = Promise.all(Array.from({ length: CLIENTS }, client));

      // ---- The crash.
      await killPoint;
      // Wait for a moment with several write transactions open (so at least one is certainly cut).
      let inFlight: bigint[] = [];
      for (let tries = 0; tries < 2_000; tries++) {
        inFlight = await check.openWriteTransactions();
        if (inFlight.length >= 3) break;
      }
      down = true;
      resumed = new Promise((done) => {
        resume = done;
      });
      await server.kill('SIGKILL');
      expect(inFlight.length, 'transacciones de escritura abiertas al matar el proceso').toBeGreaterThan(0);
      const ackedBeforeKill = acknowledged.length;

      // PostgreSQL notices the dead connections and rolls their transactions back.
      await check.waitForNoServerConnections();
      const statuses = await check.transactionStatuses(inFlight);
      expect(statuses, 'las transacciones cortadas por el kill').not.toContain('in progress');
      expect(statuses, 'al menos una transacción cortada a la mitad y revertida').toContain('aborted');

      // ---- With the server down: what the crash left behind.
      await check.expectConsistent('tras kill -9');
      await check.expectAcknowledgedOnce(acknowledged.slice(0, ackedBeforeKill));

      // ---- Restart on the same database: it serves, with the tokens issued before the crash.
      server = await startServer({ databaseUrl: url });
      api = http(server.url);
      const accountsAfter = await api.json('GET', '/api/v1/bank-accounts', { token });
      expect(accountsAfter.status).toBe(200);
      expect((accountsAfter.body.data as unknown[]).length).toBe(ACCOUNTS);
      down = false;
      resume();
      await clients;

      expect(started).toBe(TOTAL);
      // Cut operations: those in flight at the kill (never more than one per client).
      expect(cut.length).toBeLessThanOrEqual(CLIENTS);
      expect(refused.filter((r) => r.status >= 500)).toEqual([]);
      // The only refusals a well-formed workload meets: an account too short for a withdrawal or a Reserva.
      for (const refusal of refused) {
        expect(refusal.status, JSON.stringify(refusal)).toBe(409);
        expect(refusal.detail, JSON.stringify(refusal)).toMatch(/^Saldo insuficiente/);
      }
      const summary = await check.expectConsistent('tras reiniciar');
      await check.expectAcknowledgedOnce(acknowledged);
      for (const op of cut) await check.expectAtMostOnce(op);

      // The workload was not empty: each kind of operation was acknowledged many times.
      const kinds = Object.fromEntries(
        KINDS.map((kind) => [kind, acknowledged.filter((op) => op.kind === kind).length]),
      );
      for (const kind of KINDS) expect(kinds[kind], `operaciones ${kind}`).toBeGreaterThanOrEqual(40);
      expect(summary.delivered).toBeGreaterThanOrEqual(40);
      expect(summary.payments.PAID).toBeGreaterThanOrEqual(40);

      await server.kill('SIGTERM');
      expect((await server.exited).code).toBe(0);
    }, 360_000);
  },
);
