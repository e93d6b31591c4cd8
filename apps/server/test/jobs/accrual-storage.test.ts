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
    expect(steps).toEqual(['locked', 'fees inserted', 'installments delayed', 'loans recomputed']);
  });
});
