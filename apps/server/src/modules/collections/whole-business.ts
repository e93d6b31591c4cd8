import type { CollectionTab } from '@prestaya/contracts';
import { OPEN_STATUSES } from '@prestaya/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { sqlLiterals } from '../../db/literals.ts';
import { rowsOf } from '../../db/rows.ts';
import { collectionDueTally, collectionPromiseTally } from '../../db/schema/collection-due-tally.ts';
import { addresses, customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { type CollectionDay, collectedToday, horizonOf } from './due-loans.ts';
import type { CollectionsRow } from './mapping.ts';
import { cardsOf, sortKey } from './statement.ts';

const OPEN_SQL = sqlLiterals(OPEN_STATUSES);

/**
 * The route order as customers_open_route_idx holds it (the expressions of its columns, byte-wise), then
 * the loan number: the same order as statement.ts ROUTE_ORDER (a postal code is five digits, so its
 * byte order is every collation's).
 */
const ROUTE_KEYS = sql`(${customers.routePostalCode} collate "C"), (${customers.routeColoniaKey} collate "C"),
  (unaccent_lower(${customers.lastName}) collate "C"), (unaccent_lower(${customers.name}) collate "C"),
  l.loan_num`;

/**
 * Whether the open loan `loans` is in the tab (due-loans.ts inTab, on the loan's own columns): a pending
 * fee, or its oldest payable installment due by the tab's day ('Atrasados': before today), or for 'Hoy'
 * a standing promise for today (its latest promise is for today: loans.promised_date).
 */
function loanInTab(tab: CollectionTab, day: CollectionDay): SQL {
  const oldest =
    tab === 'overdue'
      ? sql`${loans.oldestPayableDueDate} < ${day.today}::date`
      : sql`${loans.oldestPayableDueDate} <= ${horizonOf(tab, day)}::date`;
  const promised = tab === 'today' ? sql` or ${loans.promisedDate} = ${day.today}::date` : sql``;
  return sql`(${loans.pendingFees} > 0 or ${oldest}${promised})`;
}

/**
 * 'Cobranza' of every agent without a search (statement.ts collectionsRows does the rest), in one
 * statement whose cost does not grow with the business:
 * - the summary from collection_due_tally (a row per day of the calendar, migration
 *   collection_due_tally): the tabs' counts and 'A cobrar hoy' (installments due by today plus pending
 *   fees); 'Hoy' also counts the loans whose standing promise for today is all they have
 *   (collection_promise_tally: the rows of today's promised day); 'Cobrado hoy' as statement.ts reads it (payments_created_idx over today);
 * - the page: the customers with an open loan walked in route order off customers_open_route_idx, their
 *   open loans (loans_open_customer_idx) kept while in the tab, until the page is full; then the cards
 *   of those loans only (statement.ts cardsOf).
 * The reply is the one collectionsRows gives for the whole business.
 */
export async function wholeBusinessRows(
  db: DbOrTx,
  request: WholeBusinessRequest,
): Promise<CollectionsRow[]> {
  return rowsOf<CollectionsRow>(await db.execute(wholeBusinessStatement(request)));
}

interface WholeBusinessRequest {
  tab: CollectionTab;
  day: CollectionDay;
  limit: number;
  offset: number;
}

export function wholeBusinessStatement(request: WholeBusinessRequest): SQL {
  const { tab, day } = request;
  const t = collectionDueTally;
  const pt = collectionPromiseTally;
  const matching = { today: sql`count_today`, week: sql`count_week`, overdue: sql`count_overdue` }[tab];
  return sql`
      with tally as (
        select coalesce(sum(${t.feeLoans}), 0) as fee_loans,
               coalesce(sum(${t.loans}) filter (where ${t.day} <= ${day.today}::date), 0) as due_today,
               coalesce(sum(${t.loans}) filter (where ${t.day} <= ${day.weekEnd}::date), 0) as due_week,
               coalesce(sum(${t.loans}) filter (where ${t.day} < ${day.today}::date), 0) as overdue,
               coalesce(sum(${t.feeCents}), 0)
                 + coalesce(sum(${t.dueCents}) filter (where ${t.day} <= ${day.today}::date), 0) as to_collect
          from ${t}),
      counts as materialized (
        select (tally.fee_loans + tally.due_today + (
                  select coalesce(sum(${pt.loans}), 0) from ${pt}
                   where ${pt.promised} = ${day.today}::date
                     and (${pt.day} is null or ${pt.day} > ${day.today}::date)))::int as count_today,
               (tally.fee_loans + tally.due_week)::int as count_week,
               (tally.fee_loans + tally.overdue)::int as count_overdue,
               tally.to_collect as to_collect_cents
          from tally),
      summary as (
        select count_today, count_week, count_overdue, ${matching} as matching, to_collect_cents,
               (select coalesce(sum(${payments.amountCents}), 0) from ${payments}
                 where ${collectedToday(day)}) as collected_today_cents
          from counts),
      walked as (
        select l.loan_id, l.loan_num, l.loan_status, l.balance_cents, l.restructure_count,
               ${customers.id} as customer_id, ${customers.num} as customer_num, ${customers.name} as name,
               ${customers.lastName} as last_name, ${customers.secondLastName} as second_last_name,
               ${customers.phone} as phone, ${customers.agentId} as agent_id
          from ${customers}
          cross join lateral (
            select ${loans.id} as loan_id, ${loans.num} as loan_num, ${loans.status} as loan_status,
                   ${loans.currentBalanceCents} as balance_cents, ${loans.restructureCount} as restructure_count
              from ${loans}
             where ${loans.customerId} = ${customers.id} and ${loans.status} in (${OPEN_SQL})
               and ${loanInTab(tab, day)}
            offset 0) l
         where ${customers.currentLoanOpen}
         order by ${ROUTE_KEYS}
         limit ${request.limit} offset ${request.offset}),
      page as (
        select w.*, a.id as address_id, a.street, a.num_exterior, a.num_interior, a.neighborhood,
               a.city, a.state, a.postal_code,
               ${sortKey(sql`a.neighborhood`)} as colonia_key, ${sortKey(sql`w.last_name`)} as last_name_key,
               ${sortKey(sql`w.name`)} as name_key
          from walked w
          left join lateral (
            select * from ${addresses} a where a.customer_id = w.customer_id
             order by a.created_on, a.id limit 1) a on true)
      ${cardsOf(tab, day)}`;
}
