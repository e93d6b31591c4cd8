import { LIST_COUNT_CAP, type Paged } from '@prestaya/contracts';
import { asc, count, desc, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { refuse } from '../http/refusals.ts';
import type { DbOrTx } from './client.ts';

export interface PageRequest {
  page: number;
  size: number;
  orderBy?: string | undefined;
  order: 'asc' | 'desc';
  /** The most rows the total counts (LIST_COUNT_CAP unless a test lowers it: BuildAppOptions). */
  countCap?: number | undefined;
}

export interface PageQuery {
  /** ORDER BY terms, the requested column first and a unique tiebreaker last so pages never overlap. */
  orderBy: SQL[];
  limit: number;
  offset: number;
}

export interface PaginateOptions<T> {
  request: PageRequest;
  /** Allow-list of sortable API names → column or expression; anything else is a 400. */
  orderColumns: Record<string, SQLWrapper>;
  defaultOrderBy: string;
  tiebreaker: SQLWrapper;
  rows: (query: PageQuery) => Promise<T[]>;
  /**
   * How many rows match: at most `limit` of them when given (the paged list asks for its cap + 1, so
   * the count stops early: countRows), every one without (the CSV export's X-Total-Count).
   */
  count: (limit?: number) => Promise<number>;
  /** The count is exact and cheap whatever the limit (a tally): the total is never capped. */
  exactCount?: boolean;
}

/**
 * Lists are newest first unless the caller picks a column with `orderBy` (then `order` applies, asc by
 * default as everywhere else).
 */
export function newestFirst<Q extends PageRequest>(query: Q): Q {
  return { ...query, order: query.orderBy ? query.order : 'desc' };
}

/** One page of a list's select (made `$dynamic()`): its WHERE, then the page's order and window. */
export function pageOf<T extends PgSelect>(select: T, where: SQL | undefined, page: PageQuery) {
  return select
    .where(where)
    .orderBy(...page.orderBy)
    .limit(page.limit)
    .offset(page.offset);
}

export function totalPages(totalDocuments: number, size: number): number {
  return Math.ceil(totalDocuments / size);
}

/**
 * The ORDER BY of a list request: the allow-listed column (else a 400 naming the allowed ones) and the
 * unique tiebreaker. Shared by paginate and the CSV exports (csv/list-export.ts), which walk the same
 * list in batches.
 */
export function orderTerms<T>(options: Omit<PaginateOptions<T>, 'rows' | 'count'>): SQL[] {
  const { request } = options;
  const key = request.orderBy || options.defaultOrderBy;
  const column = Object.hasOwn(options.orderColumns, key) ? options.orderColumns[key] : undefined;
  if (!column) {
    const allowed = Object.keys(options.orderColumns).join(', ');
    throw refuse('list.invalid_order', { values: { key, allowed } });
  }
  const direction = request.order === 'desc' ? desc : asc;
  return [direction(column), direction(options.tiebreaker)];
}

/**
 * The total a page already proves, without count(*): a page with fewer rows than asked for is the last
 * one (a phone, a rare name, one customer's loans — most searches), and an empty first page means none.
 * Only a full page, or an empty one past the end, needs the count query (bench/api.ts).
 */
export function knownTotal(offset: number, rows: number, size: number): number | undefined {
  if (rows > 0 && rows < size) return offset + rows;
  if (rows === 0 && offset === 0) return 0;
  return undefined;
}

/**
 * `count(*)` of a select's rows (select `{ one: sql\`1\` }`, its FROM and WHERE), stopping after `limit`
 * of them when given: `select count(*) from (select 1 … limit n)` reads at most n index entries or rows.
 */
export async function countRows(db: DbOrTx, select: PgSelect, limit?: number): Promise<number> {
  const matches = (limit === undefined ? select : select.limit(limit)).as('matches');
  const [row] = await db.select({ n: count() }).from(matches);
  return Number(row?.n ?? 0);
}

/** The selection of a counted select (countRows): nothing but the row's existence. */
export const ONE = { one: sql<number>`1` };

/**
 * The total of a list whose first pages are not enough to know it: exact up to `cap`, else the cap
 * and `capped` (the count stopped after cap + 1 rows), unless the list's count is exact anyway.
 */
async function cappedTotal<T>(options: PaginateOptions<T>): Promise<{ total: number; capped: boolean }> {
  if (options.exactCount) return { total: await options.count(), capped: false };
  const cap = options.request.countCap ?? LIST_COUNT_CAP;
  const counted = await options.count(cap + 1);
  return counted > cap ? { total: cap, capped: true } : { total: counted, capped: false };
}

/**
 * The one paged-list helper: every list endpoint returns `{data, page, size, totalDocuments,
 * totalPages, totalCapped}`.
 */
export async function paginate<T>(options: PaginateOptions<T>): Promise<Paged<T>> {
  const { request } = options;
  const orderBy = orderTerms(options);
  const offset = (request.page - 1) * request.size;
  const data = await options.rows({ orderBy, limit: request.size, offset });
  const known = knownTotal(offset, data.length, request.size);
  const { total, capped } =
    known === undefined ? await cappedTotal(options) : { total: known, capped: false };
  return {
    data,
    page: request.page,
    size: request.size,
    totalDocuments: total,
    totalPages: totalPages(total, request.size),
    totalCapped: capped,
  };
}

/** A list source's page with each row turned into its API shape. */
export function paginateAs<Row, T>(source: PaginateOptions<Row>, toItem: (row: Row) => T): Promise<Paged<T>> {
  return paginate({ ...source, rows: async (page) => (await source.rows(page)).map(toItem) });
}

/** A list's parsed query with the cap its route sets on the count (PageRequest.countCap). */
export type ListRequest<Q> = Q & Pick<PageRequest, 'countCap'>;
