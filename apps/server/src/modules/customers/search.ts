import { eq, like, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { customers } from '../../db/schema/customers.ts';
import { asNumber, containsPattern, startsWithPattern } from '../../db/search.ts';
import { curpPrefix, customerQueryTerm } from '../../domain/search-text.ts';

/**
 * The customers search of every list that finds rows by their customer: `query` matches name, last
 * names and phone through `customers.search_text` (normalised by the same pure function that wrote it,
 * so the trigram index serves it, and `gomez` finds `Gómez`); a query shaped like the start of a CURP
 * (`GOMJ8001…`, any case) also matches the CURPs it begins (customers_curp_prefix_idx); a numeric query
 * also matches `num` exactly (the customer's number, or the loan's). Undefined when there is nothing
 * to search.
 */
export function customerSearch(query: string | undefined, num: PgColumn): SQL | undefined {
  const term = customerQueryTerm(query ?? '');
  if (!term) return undefined;
  const curp = curpPrefix(term);
  const asNum = asNumber(term);
  return or(
    like(customers.searchText, containsPattern(term)),
    curp === undefined ? undefined : like(customers.curp, startsWithPattern(curp)),
    asNum === undefined ? undefined : eq(num, asNum),
  );
}
