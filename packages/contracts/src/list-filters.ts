import { pagedQuery } from './common.ts';
import { isOneOf } from './labels.ts';
import type { z } from './zod.ts';

/** How a list reads its `q` filter: the message of a value it does not know, and what blank means. */
interface ChoiceFilter {
  message: string;
  /** True: a blank `q` is no filter. False: only an absent `q` is (the ledger refuses a blank type). */
  blankMeansAll: boolean;
}

const STATUS_FILTER: ChoiceFilter = { message: 'Estatus inválido', blankMeansAll: true };
const OPERATION_TYPE_FILTER: ChoiceFilter = { message: 'Tipo de movimiento inválido', blankMeansAll: false };

/**
 * `q` as one of `values`, else an issue on `q` worded like every refused field. Called from a
 * transform, which runs only once the rest of the query is valid, so one bad query still gets one
 * message.
 */
function choiceOf<S extends string>(
  values: readonly S[],
  q: string | undefined,
  filter: ChoiceFilter,
  context: z.RefinementCtx,
): S | undefined {
  if (q === undefined || (filter.blankMeansAll && q === '')) return undefined;
  if (isOneOf(values, q)) return q;
  context.addIssue({ code: 'custom', message: filter.message, path: ['q'], input: q });
  return undefined;
}

/**
 * `schema` (a list's query, or its CSV export's) with `q` as one of `values`. The OpenAPI document
 * shows the query as it arrives, so `q` stays a text there; handlers receive it typed.
 */
function withChoiceFilter<
  T extends z.ZodType<{ q?: string | undefined }>,
  const S extends readonly [string, ...string[]],
>(schema: T, values: S, filter: ChoiceFilter) {
  return schema.transform((value, context): Omit<z.output<T>, 'q'> & { q?: S[number] } => ({
    ...value,
    q: choiceOf<S[number]>(values, value.q, filter, context),
  }));
}

/** `schema` with `q` as a status of the list: blank is every status, other text 'q: Estatus inválido'. */
export function withStatusFilter<
  T extends z.ZodType<{ q?: string | undefined }>,
  const S extends readonly [string, ...string[]],
>(schema: T, statuses: S) {
  return withChoiceFilter(schema, statuses, STATUS_FILTER);
}

/** `schema` with `q` as a ledger operation type: anything else, blank included, is refused. */
export function withOperationTypeFilter<
  T extends z.ZodType<{ q?: string | undefined }>,
  const S extends readonly [string, ...string[]],
>(schema: T, types: S) {
  return withChoiceFilter(schema, types, OPERATION_TYPE_FILTER);
}

/** A status-filtered list's query (page, size, search, `q`, order) and its CSV export's (no paging). */
export function statusListQueries<const S extends readonly [string, ...string[]]>(statuses: S) {
  return {
    list: withStatusFilter(pagedQuery, statuses),
    export: withStatusFilter(pagedQuery.omit({ page: true, size: true }), statuses),
  };
}
