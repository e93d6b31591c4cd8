import type { CollectionsPage, collectionsQuery, z } from '@prestaya/contracts';
import { and, eq, type SQL } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { totalPages } from '../../db/paging.ts';
import { customers } from '../../db/schema/customers.ts';
import { loans } from '../../db/schema/loans.ts';
import { type CustomerActor, seesAllCustomers } from '../../domain/customers.ts';
import { refuse } from '../../http/refusals.ts';
import { visibleCustomers } from '../customers/access.ts';
import { customerSearch } from '../customers/search.ts';
import { cardsPage } from './cards.ts';
import type { CollectionDay } from './due-loans.ts';
import { collectionsSummary } from './summary.ts';

type CollectionsRequest = z.output<typeof collectionsQuery>;

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
 * route order, paged, with the scope's summary. Two statements, whatever the page size: the page (with
 * each card's due items) and the summary (with the tab's count). `query` finds customers by name or
 * phone, accents folded, or a loan by its number (the customers search of every list).
 */
export async function listCollections(
  db: AppDb,
  actor: CustomerActor,
  query: CollectionsRequest,
  day: CollectionDay,
): Promise<CollectionsPage> {
  const scope = collectionsScope(actor, query.agentId);
  const search = customerSearch(query.query, loans.num);
  const { page, size, tab } = query;
  const [data, { summary, totalDocuments }] = await Promise.all([
    cardsPage(db, { tab, day, scope, search, limit: size, offset: (page - 1) * size }),
    collectionsSummary(db, { tab, day, scope, search }),
  ]);
  return { data, page, size, totalDocuments, totalPages: totalPages(totalDocuments, size), summary };
}
