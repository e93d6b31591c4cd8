import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { accrueFees, type BatchResult } from '../../src/jobs/accrual.ts';
import type { TestContext } from './app.ts';
import { addDays, TEST_TIME_ZONE } from './clock.ts';
import { rowsOf } from './database.ts';
import { activeLoan, customerOf, type LoanWorld } from './worlds.ts';

/** A run that found nothing left to do: what a rerun through the same day returns. */
export const ZERO = { status: 'done', feesCreated: 0, installmentsDelayed: 0, loansUpdated: 0 };

/**
 * Five customers, each with the $10,000 loan of accrual.test.ts: through T+37 it has 67 fees, 5
 * installments DELAYED and owes $15,350 (test/jobs/accrual-batches.test.ts, accrual-connections.test.ts).
 * Their loan ids, sorted: the order the accrual's batches and ranges take them in.
 */
export async function fiveLoans(context: TestContext, world: LoanWorld): Promise<string[]> {
  const ids: string[] = [];
  for (const name of ['Ana', 'Berta', 'Carla', 'Dora', 'Elsa']) {
    const customer = await customerOf(context, world.agent, name);
    ids.push((await activeLoan(context, world.admin, customer.id)).loan.id);
  }
  return ids.sort();
}

/** What the accrual decides for the loans, without ids or instants: fees, installments, balances. */
export async function stateOf(context: TestContext, loanIds: string[]) {
  const ids = `{${loanIds.join(',')}}`;
  return rowsOf<{ loan_id: string; status: string; balance: number; fees: string; installments: string }>(
    await context.database.db.execute(sql`
      select l.id as loan_id, l.status, l.current_balance_cents::int as balance,
             (select string_agg(sp.payment_number || '@' || f.fee_date || '=' || f.amount_cents || ' ' || f.status,
                                ',' order by sp.payment_number, f.fee_date)
                from fees f join scheduled_payments sp on sp.id = f.scheduled_payment_id
               where f.loan_id = l.id) as fees,
             (select string_agg(sp.payment_number || ' ' || sp.status, ',' order by sp.payment_number)
                from scheduled_payments sp where sp.loan_id = l.id) as installments
        from loans l where l.id = any(${ids}::uuid[]) order by l.id`),
  );
}

/** stateOf the loans, each checked to be fully accrued through T+37 (fiveLoans' figures). */
export const expectedFor = (context: TestContext, loanIds: string[], T: string) =>
  stateOf(context, loanIds).then((rows) => {
    for (const row of rows) {
      expect(row).toMatchObject({ status: 'DELAYED', balance: 1_535_000 });
      expect(row.fees?.split(',')).toHaveLength(67);
      expect(row.fees?.split(',')[0]).toBe(`1@${addDays(T, 8)}=5000 PENDING`);
    }
    return rows;
  });

/**
 * A run through `throughDate` stopped by its first committed batch (its onBatch throws); the batches
 * whose onBatch was called: the first, and on several connections the others' batches under way.
 */
export async function runStoppedAtFirstBatch(
  context: TestContext,
  throughDate: string,
  options: { batchLoans: number; connections: number },
): Promise<BatchResult[]> {
  const done: BatchResult[] = [];
  const stopped = accrueFees(context.database.db, {
    throughDate,
    timeZone: TEST_TIME_ZONE,
    ...options,
    onBatch: (batch) => {
      done.push(batch);
      throw new Error('detenido después de un lote');
    },
  });
  await expect(stopped).rejects.toThrow('detenido después de un lote');
  return done;
}
