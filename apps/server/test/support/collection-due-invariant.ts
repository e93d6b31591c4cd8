import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DbOrTx } from '../../src/db/client.ts';
import { rowsOf } from '../../src/db/rows.ts';

interface DueFigures {
  loan: string;
  oldest: string | null;
  fees: number;
  promised: string | null;
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
      select id as loan, to_char(oldest_payable_due_date, 'YYYY-MM-DD') as oldest, pending_fees as fees,
             to_char(promised_date, 'YYYY-MM-DD') as promised
        from loans order by id`),
  );
  const counted = rowsOf<DueFigures>(
    await db.execute(sql`
      select l.id as loan,
             (select to_char(min(sp.due_date), 'YYYY-MM-DD') from scheduled_payments sp
               where sp.loan_id = l.id and sp.status in ('PENDING', 'DELAYED')) as oldest,
             (select count(*)::int from fees f where f.loan_id = l.id and f.status = 'PENDING') as fees,
             (select to_char(v.promised_date, 'YYYY-MM-DD') from visits v
               where v.loan_id = l.id and v.outcome = 'PROMISE'
               order by v.visited_at desc, v.id desc limit 1) as promised
        from loans l order by l.id`),
  );
  expect(kept, 'préstamos: cuota pagable más antigua, cargos pendientes, día prometido ≠ sus filas').toEqual(
    counted,
  );
  await expectCollectionDueTally(db);
  return counted.filter((row) => row.oldest !== null || row.fees > 0).length;
}

interface TallyCheck {
  kept: unknown[] | null;
  counted: unknown[] | null;
  wrong_routes: unknown[] | null;
  kept_promises: unknown[] | null;
  counted_promises: unknown[] | null;
}

/**
 * What 'Cobranza' of the whole business reads (migration collection_due_tally), in one statement:
 * collection_due_tally summed per day equals the open loans counted at their oldest payable due date
 * with and without a pending fee, the remaining cents of their payable installments per due date and of
 * their PENDING fees; collection_promise_tally equals the open loans without a pending fee counted by
 * the day of their latest promise (visits) and their oldest payable due date; and each customer's route
 * keys are its first address's (oldest, then id) postal code and folded colonia. Written out here, not read from the migration's rebuild functions.
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
        having sum(loans) <> 0 or sum(fee_loans) <> 0 or sum(due_cents) <> 0 or sum(fee_cents) <> 0),
      promised as (
        select l.*, (select v.promised_date from visits v where v.loan_id = l.id and v.outcome = 'PROMISE'
                      order by v.visited_at desc, v.id desc limit 1) as promise_day
          from open_loans l),
      kept_promises as (
        select promised, day, sum(loans)::bigint as loans from collection_promise_tally
         group by 1, 2 having sum(loans) <> 0),
      counted_promises as (
        select promise_day as promised, oldest_payable_due_date as day, count(*)::bigint as loans
          from promised where pending_fees = 0 and promise_day is not null group by 1, 2)
      select (select json_agg(k order by k.day nulls first) from kept k) as kept,
             (select json_agg(k order by k.promised, k.day nulls first) from kept_promises k) as kept_promises,
             (select json_agg(c order by c.promised, c.day nulls first) from counted_promises c)
               as counted_promises,
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
  expect(
    row?.kept_promises ?? [],
    'collection_promise_tally ≠ los préstamos abiertos sin cargos por el día de su última promesa',
  ).toEqual(row?.counted_promises ?? []);
}
