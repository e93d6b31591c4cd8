import { type PagedQuery, pagedQuery, type z } from '@prestaya/contracts';
import { problemResponses, rawBody } from '../http/responses.ts';
import { CSV_BATCH_SIZE, CSV_ROW_LIMIT } from './send.ts';

/** Query of a list's CSV export: the list's own search, filter and order, without page and size. */
export const listExportQuery = pagedQuery.omit({ page: true, size: true });
export type ListExportQuery = z.infer<typeof listExportQuery>;

/**
 * The export query as the list's query builder takes it. Page and size mean nothing to an export
 * (csv/send.ts walks every batch); they are filled only because the builder is the paged list's.
 */
export function asListQuery<Q extends ListExportQuery>(query: Q): Q & PagedQuery {
  return { ...query, page: 1, size: CSV_BATCH_SIZE };
}

/**
 * OpenAPI of an export route (spread into its schema beside querystring/params): `text/csv` on
 * success, problem+json otherwise.
 */
export function csvRouteDocs(description: string) {
  return {
    description:
      `${description} CSV UTF-8 con BOM, fin de línea CRLF y encabezados en español; como máximo ` +
      `${CSV_ROW_LIMIT.toLocaleString('en-US')} filas (X-Total-Count dice cuántas coinciden).`,
    produces: ['text/csv'],
    response: {
      200: rawBody('Archivo CSV (text/csv; charset=utf-8, attachment)'),
      ...problemResponses(400, 401, 403),
    },
  };
}
