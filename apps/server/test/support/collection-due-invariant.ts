import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';

interface DueFigures {
  loan: string;
  oldest: string | null;
  fees: number;
}

/**
 * What 'Cobranza' decides its tabs on, kept on every loan by the triggers of migration
 * collection_due_figures, equals what its installments and fees say: the oldest due date of an
 * installment PENDING or DELAYED (written out here, not imported from @prestaya/domain, so the check
 * does not trust the code it checks: one in validation is not payable) and how many fees are PENDING.
 * Returns how many loans have something payable, so a caller can show its workload was not empty.
 */
export async function expectCollectionDueFigures(db: DbOrTx): Promise<number> {
  const kept = rowsOf<DueFigures>(
    await db.execute(sql`
      select id as loan, to_char(oldest_payable_due_date, 'YYYY-MM-DD') as oldest, pending_fees as fees
        from loans order by id`),
  );
  const counted = rowsOf<DueFigures>(
    await db.execute(sql`
      select l.id as loan,
             (select to_char(min(sp.due_date), 'YYYY-MM-DD') from scheduled_payments sp
               where sp.loan_id = l.id and sp.status in ('PENDING', 'DELAYED')) as oldest,
             (select count(*)::int from fees f where f.loan_id = l.id and f.status = 'PENDING') as fees
        from loans l order by l.id`),
  );
  expect(kept, 'préstamos: fecha de la cuota pagable más antigua y cargos pendientes ≠ sus filas').toEqual(
    counted,
  );
  return counted.filter((row) => row.oldest !== null || row.fees > 0).length;
}
