import type { CollectionTab } from '@prestaya/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { addresses, customers } from '../../db/schema/customers.ts';
import { loans, scheduledPayments } from '../../db/schema/loans.ts';
import { fees, payments } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { visits } from '../../db/schema/visits.ts';
import {
  type CollectionDay,
  collectedToday,
  dueLoans,
  horizonOf,
  inTab,
  PAYABLE_FEE_SQL,
  PAYABLE_INSTALLMENT_SQL,
  PROMISE_SQL,
} from './due-loans.ts';
import type { CollectionsRow } from './mapping.ts';

export interface CollectionsRequest {
  tab: CollectionTab;
  day: CollectionDay;
  /** The customers condition (an agent's own, an administrator's chosen agent); undefined = everyone. */
  scope: SQL | undefined;
  /** The search on loans and customers; undefined = none. */
  search: SQL | undefined;
  limit: number;
  offset: number;
}

/**
 * The route order: postal code, colonia, customer's last name and name (accents and case folded,
 * compared byte-wise so PGlite and PostgreSQL agree whatever the database's collation), then the loan
 * number so the order is total and pages never overlap. Customers without an address go last. Names of
 * the `page` output columns, so the page and the outer SELECT sort alike.
 */
const ROUTE_ORDER = sql.raw(
  'postal_code nulls last, colonia_key nulls last, last_name_key, name_key, loan_num',
);
/** A visit as a card reads it (mapping.ts toVisitSummary), from the alias `v`. */
const VISIT_JSON = sql.raw(`json_build_object('outcome', v.outcome, 'visitedAt', v.visited_at,
  'promisedDate', v.promised_date, 'promisedAmountCents', v.promised_amount_cents, 'note', v.note)`);

export const sortKey = (column: SQL) => sql`unaccent(lower(${column})) collate "C"`;

/**
 * 'Cobranza' in ONE statement. `d` is the scope's open loans with their due figures, computed once
 * (materialized) for both uses:
 * - `summary`: the three tabs' counts, 'A cobrar hoy' (the 'Hoy' tab's due: installments due by today
 *   plus pending fees), the requested tab's count under the search (the page's `totalDocuments`), and
 *   'Cobrado hoy': every payment registered today on a loan of the scope, also one the payment has
 *   since paid off (no longer a card). The search narrows the page, never the summary.
 * - `page`: the tab's cards in route order, the page's window of them; only for those, their due
 *   installments (up to the tab's horizon) and pending fees as JSON, today's collected payments, and
 *   the loan's latest visit and latest promise (visits_loan_idx, one probe each).
 * The reply always has one row (the summary), with the page's columns null when the page is empty.
 */
export async function collectionsRows(db: DbOrTx, request: CollectionsRequest): Promise<CollectionsRow[]> {
  const { tab, day, scope, search } = request;
  const today = inTab('today', day);
  return rowsOf<CollectionsRow>(
    await db.execute(sql`
      with d as materialized (${dueLoans({ scope, matches: search, day })}),
      summary as (
        select count(*) filter (where ${today})::int as count_today,
               count(*) filter (where ${inTab('week', day)})::int as count_week,
               count(*) filter (where ${inTab('overdue', day)})::int as count_overdue,
               count(*) filter (where d.matches and ${inTab(tab, day)})::int as matching,
               coalesce(sum(d.due_today_cents + d.fee_cents) filter (where ${today}), 0) as to_collect_cents,
               (select coalesce(sum(${payments.amountCents}), 0)
                  from ${payments}
                  join ${loans} on ${loans.id} = ${payments.loanId}
                  join ${customers} on ${customers.id} = ${loans.customerId}
                 where ${collectedToday(day)} and ${scope ?? sql`true`}) as collected_today_cents
          from d),
      page as (
        select d.*, a.id as address_id, a.street, a.num_exterior, a.num_interior, a.neighborhood,
               a.city, a.state, a.postal_code,
               ${sortKey(sql`a.neighborhood`)} as colonia_key, ${sortKey(sql`d.last_name`)} as last_name_key,
               ${sortKey(sql`d.name`)} as name_key
          from d
          left join lateral (
            select * from ${addresses} a where a.customer_id = d.customer_id
             order by a.created_on, a.id limit 1) a on true
         where d.matches and ${inTab(tab, day)}
         order by ${ROUTE_ORDER}
         limit ${request.limit} offset ${request.offset})
      ${cardsOf(tab, day)}`),
  );
}

/**
 * The reply's rows from the CTEs `summary` (one row) and `page` (the page's loans in route order, with
 * their first address's columns and the ROUTE_ORDER keys): only for the page's loans, their due
 * installments (up to the tab's horizon) and pending fees as JSON, today's collected payments, and the
 * loan's latest visit and latest promise (visits_loan_idx, one probe each). One row (the summary) with
 * the page's columns null when the page is empty.
 */
export function cardsOf(tab: CollectionTab, day: CollectionDay): SQL {
  return sql`
      select summary.*, page.*, u.num as agent_num, u.name as agent_name, u.last_name as agent_last_name,
             (select json_agg(json_build_object(
                       'id', sp.id, 'paymentNumber', sp.payment_number, 'dueDate', sp.due_date,
                       'amountCents', sp.amount_cents - sp.paid_cents - sp.held_cents, 'status', sp.status,
                       'concept', sp.concept)
                     order by sp.due_date, sp.payment_number)
                from ${scheduledPayments} sp
               where sp.loan_id = page.loan_id and sp.status in (${PAYABLE_INSTALLMENT_SQL})
                 and sp.due_date <= ${horizonOf(tab, day)}::date) as installments,
             (select json_agg(json_build_object(
                       'id', f.id, 'feeDate', f.fee_date, 'concept', f.concept,
                       'amountCents', f.amount_cents - f.paid_cents - f.held_cents,
                       'status', f.status, 'scheduledPaymentId', f.scheduled_payment_id)
                     order by f.fee_date, sp.payment_number)
                from ${fees} f join ${scheduledPayments} sp on sp.id = f.scheduled_payment_id
               where f.loan_id = page.loan_id and f.status in (${PAYABLE_FEE_SQL})) as fees,
             (select coalesce(sum(${payments.amountCents}), 0) from ${payments}
               where ${payments.loanId} = page.loan_id and ${collectedToday(day)}) as collected_cents,
             (select ${VISIT_JSON} from ${visits} v where v.loan_id = page.loan_id
               order by v.visited_at desc, v.id desc limit 1) as last_visit,
             (select ${VISIT_JSON} from ${visits} v where v.loan_id = page.loan_id and v.outcome = ${PROMISE_SQL}
               order by v.visited_at desc, v.id desc limit 1) as latest_promise
        from summary
        left join page on true
        left join ${users} u on u.id = page.agent_id
       order by ${ROUTE_ORDER}`;
}
