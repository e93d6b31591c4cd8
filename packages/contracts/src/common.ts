import {
  DATE_BOUNDS_MESSAGE,
  DATE_FORMAT_MESSAGE,
  DATE_ORDER_MESSAGE,
  dateSpanMessage,
  daysBetween,
  isWithinDateBounds,
} from './dates.ts';
import { queryText } from './text.ts';
import { z } from './zod.ts';

export const uuid = z.uuid({ error: 'Identificador inválido' });
export const idParams = z.object({ id: uuid });

/** Fields of the replies that name a row a person can type: its id and short number. */
export const numbered = { id: z.string(), num: z.number().int() };

/** How replies name a staff member: name and last name. */
export const staffName = { name: z.string(), lastName: z.string() };

/** How replies name a customer: name and both last names (the second one is optional). */
export const personName = { ...staffName, secondLastName: z.string().nullable() };

/** Query of every paged list (docs/product.md §7 "Paged search"; docs/architecture.md "API shape"). */
export const pagedQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(10),
  query: queryText({ label: 'La búsqueda', feminine: true, max: 100 }),
  q: queryText({ label: 'La búsqueda', feminine: true, max: 50 }),
  orderBy: z.string().max(40).optional(),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type PagedQuery = z.infer<typeof pagedQuery>;

/**
 * The most rows a list counts for its total: past it the reply says `totalCapped` and the screen reads
 * 'más de 10,000'. Counting every match of a large list reads every one of them (hundreds of ms at
 * 100,000 customers); counting up to the cap reads at most this many index entries.
 */
export const LIST_COUNT_CAP = 10_000;

/**
 * A page of a list. `totalCapped`: more than the cap match, and `totalDocuments` is the cap (and
 * `totalPages` its pages) rather than the exact count; false when the total is exact.
 */
export function paged<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalDocuments: z.number().int(),
    totalPages: z.number().int(),
    totalCapped: z.boolean(),
  });
}
export type Paged<T> = {
  data: T[];
  page: number;
  size: number;
  totalDocuments: number;
  totalPages: number;
  totalCapped: boolean;
};

/** Singleton envelope `{ status: 'OK', data }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ status: z.literal('OK'), data });
}
export type Envelope<T> = { status: 'OK'; data: T };

/** application/problem+json body; `detail` is always Spanish and safe to show. */
export const problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problem>;

/**
 * THE schema of every date the API accepts (query strings and bodies): `YYYY-MM-DD`, a real calendar
 * day (2023-02-29 is refused, 2024-02-29 accepted) between MIN_DATE and MAX_DATE (dates.ts), read as a
 * day of the business time zone. The bounds check runs only on a well-formed date, so a malformed one
 * gets one message, not two.
 */
export const isoDate = z.iso.date({ error: DATE_FORMAT_MESSAGE }).refine(isWithinDateBounds, {
  error: DATE_BOUNDS_MESSAGE,
  when: (payload) => payload.issues.length === 0,
});

/**
 * The rules of a `from`/`to` range on top of an object schema: `from` ≤ `to`, and at most `maxDays`
 * days counting both ends. Either end may be absent when the schema allows it (an open range is
 * bounded by MIN_DATE/MAX_DATE and the list's paging). Both checks run only on otherwise valid input:
 * zod keeps checking after a malformed date, and a bad `from` must not also be reported as a range
 * that is too long.
 */
export function dateRange<S extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(
  schema: S,
  maxDays: number,
): S {
  const when = (payload: { issues: readonly unknown[] }) => payload.issues.length === 0;
  const both = (range: { from?: string | undefined; to?: string | undefined }) =>
    range.from !== undefined && range.to !== undefined ? { from: range.from, to: range.to } : null;
  return schema
    .refine(
      (range) => {
        const ends = both(range);
        return !ends || ends.from <= ends.to;
      },
      { path: ['to'], error: DATE_ORDER_MESSAGE, when },
    )
    .refine(
      (range) => {
        const ends = both(range);
        return !ends || daysBetween(ends.from, ends.to) < maxDays;
      },
      { path: ['to'], error: dateSpanMessage(maxDays), when },
    );
}

/**
 * Longest `from`–`to` range of a list filtered by date ('Pagos Recibidos', an account's ledger) and of
 * its CSV export, in days counting both ends: a year at a time, like the audit trail and the reports.
 * An open range (one end or none) stays allowed: the list is paged and the export stops at its row
 * limit, so no filter makes either unbounded.
 */
export const MAX_LIST_RANGE_DAYS = 366;

/** A list's date filter: business days (TZ_BUSINESS) of the row's creation, both ends inclusive. */
const dateFilters = { from: isoDate.optional(), to: isoDate.optional() };

/** Query of a paged list with a date range: pagedQuery plus `from`/`to`. */
export const datedListQuery = dateRange(pagedQuery.extend(dateFilters), MAX_LIST_RANGE_DAYS);
export type DatedListQuery = z.infer<typeof datedListQuery>;

/** Query of a dated list's CSV export: the list's search, filter, order and dates, without paging. */
export const datedListExportQuery = dateRange(
  pagedQuery.omit({ page: true, size: true }).extend(dateFilters),
  MAX_LIST_RANGE_DAYS,
);
