import { sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';

/**
 * The balance a receipt prints: the loan's installments and the fines it had when the payment was
 * registered, less what this payment and the confirmed payments registered before it covered. Later
 * payments and later fines do not change an old receipt. A rejected or cancelled payment covered
 * nothing, so it has no balance after it (null). What a restructuring closed (installments and
 * included fines RESTRUCTURED) is left out: its amount is in the new installments, so a receipt from
 * before the restructuring and one after it both read what was owed then.
 */
export async function balanceAfterCents(
  db: AppDb,
  payment: { id: string; loanId: string; status: string },
): Promise<number | null> {
  if (payment.status === 'REJECTED' || payment.status === 'CANCELLED') return null;
  // The instant is read in SQL: a JS Date would drop the microseconds and misorder same-moment rows.
  const [row] = rowsOf<{ owed: string | number; covered: string | number }>(
    await db.execute(sql`
      with this as (select created_on as at from payments where id = ${payment.id})
      select
        (select coalesce(sum(amount_cents), 0) from scheduled_payments
           where loan_id = ${payment.loanId} and status not in ('CANCELLED', 'RESTRUCTURED'))
        + (select coalesce(sum(f.amount_cents), 0) from fees f, this
           where f.loan_id = ${payment.loanId} and f.created_on <= this.at and f.status <> 'RESTRUCTURED'
             and (f.cancelled_on is null or f.cancelled_on > this.at)) as owed,
        (select coalesce(sum(i.amount_cents), 0) from payment_items i
           join payments p on p.id = i.payment_id, this
           where p.loan_id = ${payment.loanId}
             and (p.id = ${payment.id}
               or (p.status = 'PAID' and (p.created_on, p.id) < (this.at, ${payment.id}::uuid)))
        ) as covered`),
  );
  return Math.max(0, Number(row?.owed ?? 0) - Number(row?.covered ?? 0));
}
