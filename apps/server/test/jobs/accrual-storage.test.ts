import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/rows.ts';
import { type AccrualStep, accrueFees } from '../../src/jobs/accrual.ts';
import { useTestApp } from '../support/app.ts';
import { addDays, businessToday, TEST_TIME_ZONE } from '../support/clock.ts';
import { activeLoan, useLoanWorld } from '../support/worlds.ts';

/** How the accrual's writes are laid out (docs/performance-history.md "Late-fee accrual"). */
const context = useTestApp();
const world = useLoanWorld(context);

describe('the accrual on disk', () => {
  it('turns installments DELAYED without index writes: no index reads their status, pages keep room', async () => {
    const indexed = rowsOf<{ index: string }>(
      await context.database.db.execute(sql`
        select i.indexrelid::regclass::text as index
          from pg_index i
         where i.indrelid = 'scheduled_payments'::regclass
           and (exists (select 1 from pg_attribute a
                         where a.attrelid = i.indrelid and a.attname = 'status'
                           and a.attnum = any(i.indkey::int2[]))
                or pg_get_expr(i.indpred, i.indrelid) like '%status%'
                or pg_get_expr(i.indexprs, i.indrelid) like '%status%')`),
    );
    expect(indexed).toEqual([]);
    const [table] = rowsOf<{ options: string[] | null }>(
      await context.database.db.execute(
        sql`select reloptions as options from pg_class where oid = 'scheduled_payments'::regclass`,
      ),
    );
    expect(table?.options).toContain('fillfactor=90');
  });

  it('reports its steps in order (bench/accrual.ts times them)', async () => {
    const T = businessToday();
    await activeLoan(context, world.admin, world.customer.id);
    const steps: AccrualStep[] = [];
    const result = await accrueFees(context.database.db, {
      throughDate: addDays(T, 9),
      timeZone: TEST_TIME_ZONE,
      onStep: (step) => {
        steps.push(step);
      },
    });
    expect(result).toMatchObject({ status: 'done', feesCreated: 2, installmentsDelayed: 1 });
    expect(steps).toEqual(['locked', 'installments delayed', 'loans recomputed', 'fees inserted']);
  });

  it('writes each loan once: the fees are counted before they are inserted, their trigger finds it right', async () => {
    const T = businessToday();
    const { loan } = await activeLoan(context, world.admin, world.customer.id);
    const db = context.database.db;
    // Every row version the run writes to loans, counted by a trigger of the test's own.
    await db.execute(sql`create table test_loan_writes (loan_id uuid not null)`);
    await db.execute(sql`
      create function test_count_loan_write() returns trigger language plpgsql as $$
      begin insert into test_loan_writes values (new.id); return null; end $$`);
    await db.execute(sql`
      create trigger test_loan_writes after update on loans
        for each row execute function test_count_loan_write()`);
    try {
      const result = await accrueFees(db, { throughDate: addDays(T, 9), timeZone: TEST_TIME_ZONE });
      expect(result).toMatchObject({
        status: 'done',
        feesCreated: 2,
        installmentsDelayed: 1,
        loansUpdated: 1,
      });
      const [writes] = rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from test_loan_writes where loan_id = ${loan.id}`),
      );
      expect(writes?.n).toBe(1);
      const [row] = rowsOf<{ status: string; pending_fees: number; balance: number }>(
        await db.execute(sql`
          select status, pending_fees, current_balance_cents::int as balance from loans where id = ${loan.id}`),
      );
      const [fees] = rowsOf<{ n: number; cents: number }>(
        await db.execute(sql`
          select count(*)::int as n, sum(amount_cents)::int as cents from fees
           where loan_id = ${loan.id} and status = 'PENDING'`),
      );
      expect(row).toMatchObject({ status: 'DELAYED', pending_fees: fees?.n });
      expect(fees?.n).toBe(2);
    } finally {
      await db.execute(sql`drop trigger test_loan_writes on loans`);
      await db.execute(sql`drop function test_count_loan_write()`);
      await db.execute(sql`drop table test_loan_writes`);
    }
  });
});
