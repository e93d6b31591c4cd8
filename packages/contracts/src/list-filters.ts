import { pagedQuery } from './common.ts';
import type { z } from './zod.ts';

/** The message of a `q` that names no status of the list, worded like every refused field. */
export const INVALID_STATUS_MESSAGE = 'Estatus inválido';

function isOneOf<S extends string>(values: readonly S[], value: string): value is S {
  return (values as readonly string[]).includes(value);
}

/**
 * `q` as a status of the list: blank means every status (undefined); any other text is an issue on
 * `q`. Called from a transform, which runs only once the rest of the query is valid, so one bad query
 * still gets one message.
 */
function statusFilter<S extends string>(
  statuses: readonly S[],
  q: string | undefined,
  context: z.RefinementCtx,
): S | undefined {
  if (!q) return undefined;
  if (isOneOf(statuses, q)) return q;
  context.addIssue({ code: 'custom', message: INVALID_STATUS_MESSAGE, path: ['q'], input: q });
  return undefined;
}

/**
 * `schema` (a list's query, or its CSV export's) with `q` as a status of the list. The OpenAPI
 * document shows the query as it arrives, so `q` stays a text there; handlers receive it typed.
 */
export function withStatusFilter<
  T extends z.ZodType<{ q?: string | undefined }>,
  const S extends readonly [string, ...string[]],
>(schema: T, statuses: S) {
  return schema.transform((value, context): Omit<z.output<T>, 'q'> & { q?: S[number] } => ({
    ...value,
    q: statusFilter<S[number]>(statuses, value.q, context),
  }));
}

/** A status-filtered list's query (page, size, search, `q`, order) and its CSV export's (no paging). */
export function statusListQueries<const S extends readonly [string, ...string[]]>(statuses: S) {
  return {
    list: withStatusFilter(pagedQuery, statuses),
    export: withStatusFilter(pagedQuery.omit({ page: true, size: true }), statuses),
  };
}
