import { eq, like, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { customers } from '../../db/schema/customers.ts';
import { asNumber, containsPattern } from '../../db/search.ts';
import { customerQueryTerm } from '../../domain/search-text.ts';

/**
 * The customers search of every list that finds rows by their customer: `query` matches name, last
 * names and phone through `customers.search_text` (normalised by the same pure function that wrote it,
 * so the trigram index serves it, and `gomez` finds `Gómez`); a numeric query also matches `num`
 * exactly (the customer's number, or the loan's). Undefined when there is nothing to search.
 */
export function customerSearch(query: string | undefined, num: PgColumn): SQL | undefined {
  const term = customerQueryTerm(query ?? '');
  if (!term) return undefined;
  const text = like(customers.searchText, containsPattern(term));
  const asNum = asNumber(term);
  return asNum === undefined ? text : or(text, eq(num, asNum));
}
