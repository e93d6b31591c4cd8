import type { CollectionsPage, collectionsQuery, z } from '@prestaya/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import { type CustomerActor, seesAllCustomers } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { totalPages } from '../../db/paging.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { refuse } from '../../http/refusals.ts';
import { visibleCustomers } from '../customers/access.ts';
import { customerSearch } from '../customers/search.ts';
import type { CollectionDay } from './due-loans.ts';
import { toCards, toSummary } from './mapping.ts';
import { collectionsRows } from './statement.ts';
import { wholeBusinessRows } from './whole-business.ts';

type CollectionsQuery = z.output<typeof collectionsQuery>;

/**
 * Whose customers a request covers: THE customer access rule (an agent: their own), narrowed by the
 * administrator's `agentId` (absent: every agent, 'Todos'). An agent naming another agent is refused
 * with 403, as an agent assigning a customer to another agent is: the agents' list is no secret, so
 * there is nothing a 404 would hide. Undefined: the whole business.
 */
export function collectionsScope(actor: CustomerActor, agentId: string | undefined): SQL | undefined {
  if (agentId && agentId !== actor.id && !seesAllCustomers(actor)) throw refuse('collections.other_agent');
  return and(visibleCustomers(actor), agentId ? eq(customers.agentId, agentId) : undefined);
}

/**
 * GET /collections ('Cobranza'): one card per open loan of the scope with something due in the tab, in
 * route order, paged, with the scope's summary: one statement whatever the page size
 * (statement.ts). `query` finds customers by name or phone, accents folded, or a loan by its number
 * (the customers search of every list).
 */
export async function listCollections(
  db: AppDb,
  actor: CustomerActor,
  query: CollectionsQuery,
  day: CollectionDay,
): Promise<CollectionsPage> {
  const { page, size, tab } = query;
  const request = {
    tab,
    day,
    scope: collectionsScope(actor, query.agentId),
    search: customerSearch(query.query, loans.num),
    limit: size,
    offset: (page - 1) * size,
  };
  // Every agent's loans without a search: off the tally and the route index, whatever the business's size.
  const rows =
    request.scope === undefined && request.search === undefined
      ? await wholeBusinessRows(db, request)
      : await collectionsRows(db, request);
  const totalDocuments = rows[0]?.matching ?? 0;
  return {
    data: toCards(rows, day.today),
    page,
    size,
    totalDocuments,
    totalPages: totalPages(totalDocuments, size),
    summary: toSummary(rows[0]),
  };
}
