import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../../src/db/client.ts';
import { rowsOf } from '../../support/database.ts';
import { expectLedgerInvariant } from '../../support/ledger-invariant.ts';
import { expectLoanInvariant } from '../../support/loan-invariant.ts';
import type { Operation } from './workload.ts';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * What the crash test asks the database, over the test's own connection `db`, whose
 * application_name is `checker` (so the server's connections can be told apart from it).
 */
export function crashChecks(db: Database, checker: string) {
  const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db.db.execute(text));

  /** Write transactions of the server open right now, with their full (epoch-extended) ids. */
  async function openWriteTransactions(): Promise<bigint[]> {
    const rows = await query<{ xid: string; xmax: string }>(sql`
      select backend_xid::text as xid, txid_snapshot_xmax(txid_current_snapshot())::text as xmax
        from pg_stat_activity
       where datname = current_database() and application_name <> ${checker}
         and backend_xid is not null`);
    return rows.map(({ xid, xmax }) => {
      // The 64-bit id nearest the current one (either side of an epoch boundary).
      const top = BigInt(xmax);
      const full = ((top >> 32n) << 32n) + BigInt(xid);
      if (full - top > 1n << 31n) return full - (1n << 32n);
      if (top - full > 1n << 31n) return full + (1n << 32n);
      return full;
    });
  }

  /** Waits until PostgreSQL has noticed the killed server's connections are dead. */
  async function waitForNoServerConnections() {
    for (let tries = 0; ; tries++) {
      const [row] = await query<{ n: number }>(sql`
        select count(*)::int as n from pg_stat_activity
         where datname = current_database() and application_name <> ${checker}`);
      if (row?.n === 0) return;
      if (tries > 200) throw new Error('the killed server still has connections');
      await sleep(50);
    }
  }

  const transactionStatuses = (xids: bigint[]) =>
    Promise.all(
      xids.map(
        async (xid) =>
          (await query<{ status: string }>(sql`select txid_status(${xid.toString()}::bigint) as status`))[0]
            ?.status,
      ),
    );

  async function expectConsistent(when: string) {
    await expectLedgerInvariant(db.db);
    const result = await expectLoanInvariant(db.db);
    // Spelled out as the issue lists them (the loan invariant includes both).
    const [broken] = await query<{ paid_without_abono: number; delivered_without_entrega: number }>(sql`
      select
        (select count(*)::int from payments p
          where p.status = 'PAID' and not exists (
            select 1 from account_transactions t
             where t.payment_id = p.id and t.operation_type = 'PAYMENT_DEPOSIT')) as paid_without_abono,
        (select count(*)::int from loans l
          where l.status in ('ACTIVE', 'DELAYED', 'PAID') and not l.loan_from_past and not exists (
            select 1 from account_transactions t
             where t.loan_id = l.id and t.operation_type = 'WITHDRAWAL')) as delivered_without_entrega`);
    expect(broken, when).toEqual({ paid_without_abono: 0, delivered_without_entrega: 0 });
    return result;
  }

  /** How many times the effect of `op` is in the database. */
  async function effects(op: Operation): Promise<number> {
    const [row] = await query<{ n: number }>(
      op.kind === 'deposit' || op.kind === 'withdrawal'
        ? sql`select count(*)::int as n from account_transactions where reason = ${op.ref}
                and operation_type = ${op.kind === 'deposit' ? 'DEPOSIT' : 'MANUAL_WITHDRAWAL'}`
        : op.kind === 'request'
          ? sql`select count(*)::int as n from loans where id = ${op.ref}`
          : op.kind === 'approve'
            ? sql`select count(*)::int as n from account_transactions
                   where loan_id = ${op.ref} and operation_type = 'VIRTUAL_WITHDRAWAL'`
            : op.kind === 'deliver'
              ? sql`select count(*)::int as n from account_transactions
                     where loan_id = ${op.ref} and operation_type = 'WITHDRAWAL'`
              : op.kind === 'register'
                ? sql`select count(*)::int as n from payments where id = ${op.ref}`
                : sql`select count(*)::int as n from account_transactions
                       where payment_id = ${op.ref} and operation_type = 'PAYMENT_DEPOSIT'`,
    );
    return row?.n ?? -1;
  }

  async function expectAcknowledgedOnce(ops: Operation[]) {
    const counts = await Promise.all(ops.map(effects));
    const wrong = ops.flatMap((op, i) =>
      counts[i] === 1 ? [] : [{ kind: op.kind, ref: op.ref, n: counts[i] }],
    );
    expect(wrong, 'operaciones confirmadas por el servidor que no están exactamente una vez').toEqual([]);
  }

  async function expectAtMostOnce(op: Operation) {
    // A cut request or registration has no id to look for; its row, if any, passed the invariants.
    if (op.ref === '') return;
    expect(await effects(op), `${op.kind} ${op.ref} cortada por el kill`).toBeLessThanOrEqual(1);
  }

  return {
    openWriteTransactions,
    waitForNoServerConnections,
    transactionStatuses,
    expectConsistent,
    expectAcknowledgedOnce,
    expectAtMostOnce,
  };
}
