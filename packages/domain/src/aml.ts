import { normalizeForSearch } from './search-text.ts';

/**
 * Anti-money-laundering screening ('PLD': prevención de lavado de dinero). Pure rules: how a name is
 * folded before it is compared with a blocked-persons list, when a match is due for its report, the
 * quarter a relevant-operations report covers and when a cash amount reaches a threshold.
 */

/**
 * A name folded for the list comparison: case and accents dropped (normalizeForSearch: á→a, ñ→n),
 * punctuation read as a space ('Núñez-Gómez', 'O.Reilly'), runs of spaces collapsed, and the words
 * sorted. Sorted because lists write the same person as 'GÓMEZ PÉREZ, JUAN' or 'Juan Gómez Pérez':
 * the same words in another order are the same name, while a missing or extra word is not. The stored
 * customers.aml_folded_name is folded by a trigger from search_text with the same steps (migration
 * 0042), so both sides of the comparison agree.
 */
export function foldName(text: string): string {
  const words = normalizeForSearch(text)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .split(' ')
    .filter((word) => word !== '');
  return words.sort().join(' ');
}

export interface PersonName {
  name: string;
  lastName: string;
  secondLastName?: string | null | undefined;
}

/** A customer's full name (given names and both last names) folded as foldName. */
export function foldPersonName(person: PersonName): string {
  return foldName([person.name, person.lastName, person.secondLastName ?? ''].join(' '));
}

/** Hours a match has, from when it is found, to be reported (the 24 h the issue sets). */
export const AML_REPORT_HOURS = 24;

/** The instant a match found at `foundOn` must be reported by. */
export function amlReportDue(foundOn: Date): Date {
  return new Date(foundOn.getTime() + AML_REPORT_HOURS * 3_600_000);
}

/** True when an open match is past its report deadline at `now`. */
export function amlReportOverdue(foundOn: Date, now: Date): boolean {
  return now.getTime() > amlReportDue(foundOn).getTime();
}

/**
 * Documented defaults of the relevant-operation thresholds (docs/compliance-pld.md), in centavos: the
 * peso equivalent of USD 7,500 (the relevant-operation amount of the Mexican AML rules for lenders)
 * at 20 pesos per dollar, rounded. The lender must confirm them; administrators change them.
 */
export const DEFAULT_AML_SINGLE_CASH_CENTS = 150_000_00;
export const DEFAULT_AML_MONTHLY_CASH_CENTS = 150_000_00;
/** Bounds of both settings: at least $1.00, at most $100,000,000.00. */
export const AML_THRESHOLD_BOUNDS_CENTS = { min: 100, max: 10_000_000_000 } as const;

/**
 * A cash amount is relevant when it reaches the threshold: the rules speak of operations 'por un
 * monto igual o superior', so the threshold itself counts.
 */
export function reachesAmlThreshold(amountCents: number, thresholdCents: number): boolean {
  return amountCents >= thresholdCents;
}

export type Quarter = 1 | 2 | 3 | 4;

/** The business days a quarter covers, both inclusive ('YYYY-MM-DD'). */
export function quarterDays(year: number, quarter: Quarter): { from: string; to: string } {
  const firstMonth = (quarter - 1) * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    from: `${year}-${pad(firstMonth)}-01`,
    to: `${year}-${pad(lastMonth)}-${pad(lastDay)}`,
  };
}

/** The quarter of a business day ('YYYY-MM-DD'). */
export function quarterOf(day: string): { year: number; quarter: Quarter } {
  const month = Number(day.slice(5, 7));
  return { year: Number(day.slice(0, 4)), quarter: (Math.floor((month - 1) / 3) + 1) as Quarter };
}

/** Columns of a blocked-persons list file, and the header spellings each accepts once folded. */
export const AML_LIST_COLUMNS = ['nombre', 'curp', 'rfc', 'lista', 'fecha'] as const;
export type AmlListColumn = (typeof AML_LIST_COLUMNS)[number];

const HEADER_ALIASES: Record<string, AmlListColumn> = {
  nombre: 'nombre',
  'nombre completo': 'nombre',
  curp: 'curp',
  rfc: 'rfc',
  lista: 'lista',
  fecha: 'fecha',
  'fecha de publicacion': 'fecha',
  'fecha de inclusion': 'fecha',
};

/** The list column a header names ('Nombre', 'FECHA', ' Fecha de publicación '), or undefined. */
export function amlListColumnOf(header: string): AmlListColumn | undefined {
  const folded = normalizeForSearch(header.replace(/^\uFEFF/, ''));
  return Object.hasOwn(HEADER_ALIASES, folded) ? HEADER_ALIASES[folded] : undefined;
}
