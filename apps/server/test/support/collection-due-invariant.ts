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
  await expectCollectionDueTally(db);
  return counted.filter((row) => row.oldest !== null || row.fees > 0).length;
}

interface TallyCheck {
  kept: unknown[] | null;
  counted: unknown[] | null;
  wrong_routes: unknown[] | null;
}

/**
 * What 'Cobranza' of the whole business reads (migration collection_due_tally), in one statement:
 * collection_due_tally summed per day equals the open loans counted at their oldest payable due date
 * with and without a pending fee, the remaining cents of their payable installments per due date and of
 * their PENDING fees; and each customer's route keys are its first address's (oldest, then id) postal
 * code and folded colonia. Written out here, not read from the migration's rebuild functions.
 */
async function expectCollectionDueTally(db: DbOrTx) {
  const [row] = rowsOf<TallyCheck>(
    await db.execute(sql`
      with kept as (
        select day, sum(loans)::bigint as loans, sum(fee_loans)::bigint as fee_loans,
               sum(due_cents)::bigint as due_cents, sum(fee_cents)::bigint as fee_cents
          from collection_due_tally group by day
        having sum(loans) <> 0 or sum(fee_loans) <> 0 or sum(due_cents) <> 0 or sum(fee_cents) <> 0),
      open_loans as (select * from loans where status in ('ACTIVE', 'DELAYED')),
      counted as (
        select day, sum(loans)::bigint as loans, sum(fee_loans)::bigint as fee_loans,
               sum(due_cents)::bigint as due_cents, sum(fee_cents)::bigint as fee_cents
          from (
            select min(sp.due_date) filter (where sp.status in ('PENDING', 'DELAYED')) as day,
                   (count(*) filter (where f.status = 'PENDING') = 0)::int as loans,
                   (count(*) filter (where f.status = 'PENDING') > 0)::int as fee_loans,
                   0 as due_cents, 0 as fee_cents
              from open_loans l
              left join scheduled_payments sp on sp.loan_id = l.id and sp.status in ('PENDING', 'DELAYED')
              left join fees f on f.loan_id = l.id and f.status = 'PENDING'
             group by l.id
            union all
            select sp.due_date, 0, 0, sp.amount_cents - sp.paid_cents - sp.held_cents, 0
              from scheduled_payments sp join open_loans l on l.id = sp.loan_id
             where sp.status in ('PENDING', 'DELAYED')
            union all
            select null, 0, 0, 0, f.amount_cents - f.paid_cents - f.held_cents
              from fees f join open_loans l on l.id = f.loan_id
             where f.status = 'PENDING') t
         group by day
        having sum(loans) <> 0 or sum(fee_loans) <> 0 or sum(due_cents) <> 0 or sum(fee_cents) <> 0)
      select (select json_agg(k order by k.day nulls first) from kept k) as kept,
             (select json_agg(c order by c.day nulls first) from counted c) as counted,
             (select json_agg(json_build_object('customer', c.id, 'postal', c.route_postal_code,
                                                'colonia', c.route_colonia_key))
                from customers c
                left join lateral (
                  select postal_code, neighborhood from addresses a where a.customer_id = c.id
                   order by a.created_on, a.id limit 1) a on true
               where (c.route_postal_code, c.route_colonia_key)
                     is distinct from (a.postal_code, unaccent(lower(a.neighborhood)))) as wrong_routes`),
  );
  expect(row?.kept ?? [], 'collection_due_tally ≠ los préstamos abiertos, sus cuotas y sus cargos').toEqual(
    row?.counted ?? [],
  );
  expect(row?.wrong_routes ?? [], 'clientes: clave de ruta ≠ su primera dirección').toEqual([]);
}
