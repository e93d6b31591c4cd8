import { type CollectionsSummary, type CollectionTab, centsToPesos } from '@prestaya/contracts';
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { type CollectionDay, collectedToday, dueLoans, inTab } from './due-loans.ts';

export interface SummaryRequest {
  tab: CollectionTab;
  day: CollectionDay;
  scope: SQL | undefined;
  search: SQL | undefined;
}

/**
 * The summary of the scope (the agent's whole day, whatever the search and the page) and the number of
 * cards of the requested tab and search (the page's `totalDocuments`), in ONE statement over the same
 * rows the page reads. 'A cobrar hoy' is the 'Hoy' tab's due: installments due by today plus pending
 * fees. 'Cobrado hoy' counts every payment registered today on a loan of the scope, also one that the
 * payment has since paid off (it is no longer a card).
 */
export async function collectionsSummary(
  db: DbOrTx,
  { tab, day, scope, search }: SummaryRequest,
): Promise<{ summary: CollectionsSummary; totalDocuments: number }> {
  const today = inTab('today', day);
  const [row] = rowsOf<{
    today: number;
    week: number;
    overdue: number;
    matching: number;
    to_collect_cents: string | number;
    collected_cents: string | number;
  }>(
    await db.execute(sql`
      select count(*) filter (where ${today})::int as today,
             count(*) filter (where ${inTab('week', day)})::int as week,
             count(*) filter (where ${inTab('overdue', day)})::int as overdue,
             count(*) filter (where d.matches and ${inTab(tab, day)})::int as matching,
             coalesce(sum(d.due_today_cents + d.fee_cents) filter (where ${today}), 0) as to_collect_cents,
             (select coalesce(sum(${payments.amountCents}), 0)
                from ${payments}
                join ${loans} on ${loans.id} = ${payments.loanId}
                join ${customers} on ${customers.id} = ${loans.customerId}
               where ${collectedToday(day)} and ${scope ?? sql`true`}) as collected_cents
        from (${dueLoans({ scope, matches: search, day })}) d`),
  );
  return {
    summary: {
      toCollectToday: centsToPesos(Number(row?.to_collect_cents ?? 0)),
      collectedToday: centsToPesos(Number(row?.collected_cents ?? 0)),
      counts: { today: row?.today ?? 0, week: row?.week ?? 0, overdue: row?.overdue ?? 0 },
    },
    totalDocuments: row?.matching ?? 0,
  };
}
