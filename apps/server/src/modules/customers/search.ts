import { curpPrefix, customerQueryTerm } from '@prestaya/domain';
import { eq, like, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { customers } from '../../db/schema/customers.ts';
import { asNumber, containsPattern, startsWithPattern } from '../../db/search.ts';

/**
 * The customers search of every list that finds rows by their customer: `query` matches name, last
 * names and phone through `customers.search_text` (normalised by the same pure function that wrote it,
 * so the trigram index serves it, and `gomez` finds `Gómez`); a query shaped like the start of a CURP
 * (`GOMJ8001…`, any case) also matches the CURPs it begins (customers_curp_prefix_idx); a numeric query
 * also matches `num` exactly (the customer's number, or the loan's). Undefined when there is nothing
 * to search. `walkOrder`: for a search known to match many customers, whose page is found soonest walking
 * the list's order.
 */
export function customerSearch(
  query: string | undefined,
  num: PgColumn,
  { walkOrder = false }: { walkOrder?: boolean } = {},
): SQL | undefined {
  const term = customerQueryTerm(query ?? '');
  if (!term) return undefined;
  const curp = curpPrefix(term);
  const asNum = asNumber(term);
  return or(
    // `walkOrder`: the same match as strpos(), which no index serves and whose share of rows the planner
    // takes to be large (a third), so it walks the list's order and stops after a page; from LIKE's
    // statistics it may guess a common name rare and read every match through the trigram index.
    walkOrder
      ? sql`strpos(${customers.searchText}, ${term}) > 0`
      : like(customers.searchText, containsPattern(term)),
    curp === undefined ? undefined : like(customers.curp, startsWithPattern(curp)),
    asNum === undefined ? undefined : eq(num, asNum),
  );
}

/**
 * Whether more than `cap` customers have a word that starts with the name typed in `query`: SQL
 * customers_word_start_matches (migration 0023) reads at most 2 × (`cap` + 1) entries of one range of
 * customer_word_starts (search_text from each of its words, kept by triggers), so the answer costs the
 * same at 10,000 customers as at 100,000. The trigram index answers the same question by reading the
 * posting list of every trigram typed, lists that grow with the business ('lópez gonzález': 6.4 ms at
 * 100,000 customers, 1.0 at 10,000). A word start is only one way to contain the text ('cruz' is inside
 * 'Veracruz'), so 'no' proves nothing: the caller then searches as before. Undefined when the query is
 * not a name (digits: a phone or a number).
 */
export async function moreNameMatchesThan(
  db: DbOrTx,
  query: string | undefined,
  cap: number,
): Promise<boolean | undefined> {
  const term = customerQueryTerm(query ?? '');
  if (!term || /\d/.test(term)) return undefined;
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select customers_word_start_matches(${term}, ${cap + 1}) as n`),
  );
  return (row?.n ?? 0) > cap;
}
