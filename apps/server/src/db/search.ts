import { or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** `%`, `_` and `\` typed by a user are literal characters, not LIKE wildcards. */
const literal = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** LIKE pattern of the values that contain `term`. */
export function containsPattern(term: string): string {
  return `%${literal(term)}%`;
}

/** LIKE pattern of the values that start with `term` (a btree with text_pattern_ops serves it). */
export function startsWithPattern(term: string): string {
  return `${literal(term)}%`;
}

/**
 * Free-text search rule of the product (docs/architecture.md "API shape"): case- and accent-insensitive
 * substring match over the given columns joined by spaces, so "lucia nunez" finds "Lucía Núñez".
 * `unaccent` exists in PGlite (contrib) and PostgreSQL (migration 0000).
 */
export function matchesText(columns: SQLWrapper[], term: string): SQL {
  const haystack = sql`concat_ws(' ', ${sql.join(columns, sql`, `)})`;
  return sql`unaccent(lower(${haystack})) ilike unaccent(lower(${containsPattern(term)}))`;
}

/** A search term that could be a short human number (`num`), within PostgreSQL's integer range. */
export function asNumber(term: string): number | undefined {
  if (!/^\d{1,10}$/.test(term)) return undefined;
  const value = Number(term);
  return value <= 2_147_483_647 ? value : undefined;
}

/**
 * A search of people who also have a short number: the free-text rule over `columns`, or `num` exactly
 * when the term is a number ('1042' finds user No. 1042 as well as any name containing it).
 */
export function matchesTextOrNumber(columns: SQLWrapper[], num: SQLWrapper, term: string): SQL {
  const text = matchesText(columns, term);
  const value = asNumber(term);
  return value === undefined ? text : (or(text, sql`${num} = ${value}`) as SQL);
}
