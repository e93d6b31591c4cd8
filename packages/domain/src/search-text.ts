/**
 * The accent- and case-insensitive text search rule (docs/architecture.md "API shape": `gomez` finds
 * `Gómez`). Pure: the customers service stores `customerSearchText(...)` in `customers.search_text` and
 * normalises the typed query with `normalizeForSearch`, so both sides of the LIKE are folded the same way and
 * the trigram index on `search_text` can serve the match (PostgreSQL's unaccent() cannot be indexed).
 */

/**
 * Lower case, accents and other combining marks removed (á→a, ñ→n, ü→u), control characters (which
 * stored text never holds, and PostgreSQL refuses NUL) read as spaces, runs of spaces collapsed, trimmed.
 */
export function normalizeForSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .trim();
}

export interface CustomerSearchFields {
  name: string;
  lastName: string;
  secondLastName?: string | null | undefined;
  phone: string;
}

/** "name lastName secondLastName phone", normalised: what a customer search matches against. */
export function customerSearchText(customer: CustomerSearchFields): string {
  const parts = [customer.name, customer.lastName, customer.secondLastName ?? '', customer.phone];
  return normalizeForSearch(parts.join(' '));
}

/** Only digits and the separators people type in phone numbers: `55 1234-5678`, `(55) 1234 5678`. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/**
 * The term a customer search matches `search_text` against: normalised like the stored text, and a
 * phone typed with separators reduced to its digits (the phone is stored as 10 bare digits).
 */
export function customerQueryTerm(query: string): string {
  const term = normalizeForSearch(query);
  return PHONE_LIKE.test(term) && /\d/.test(term) ? term.replace(/\D/g, '') : term;
}

/** A CURP begins with four letters, then the birth date; stored upper case (contracts customers.ts). */
const CURP_START = /^[a-z]{4}[a-z0-9]{0,14}$/;

/**
 * The CURP prefix a search term stands for, upper case like the stored CURPs, or undefined when the
 * term cannot be the start of one (a name with spaces, digits first, too short): a customer number or
 * a phone fragment never matches a CURP's digits.
 */
export function curpPrefix(term: string): string | undefined {
  return CURP_START.test(term) ? term.toUpperCase() : undefined;
}
