import { type SQL, sql } from 'drizzle-orm';

/** Status-like constants: upper case, digits and underscores, so quoting them is always plain. */
const CONSTANT = /^[A-Z][A-Z0-9_]*$/;

/**
 * A closed list of constants (statuses of @prestaya/domain, roles, methods; never input) as SQL
 * literals, `'ACTIVE', 'DELAYED'`, for `${column} in (${sqlLiterals(OPEN_STATUSES)})`. Literals, not
 * parameters: the statement PostgreSQL plans reads exactly like a hand-written list, so a partial
 * index's predicate matches it, and a CHECK constraint built from it has the same text as one written
 * by hand.
 */
export const sqlLiterals = (values: readonly string[]): SQL => sql.raw(literalList(values));

/** The same list as text, for statements written as strings (the benchmarks' raw queries). */
export function literalList(values: readonly string[]): string {
  for (const value of values) {
    if (!CONSTANT.test(value)) throw new Error(`not a constant: ${value}`);
  }
  return values.map((value) => `'${value}'`).join(', ');
}
