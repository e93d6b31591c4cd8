import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiData, type QueryValue } from './api.ts';

export interface ApiQuery {
  queryKey: QueryKey;
  /** A GET answered with an `{ data }` envelope; the query resolves to `data`. */
  path: string;
  query?: Record<string, QueryValue>;
  /** 0 where a screen must show the server's figures as they are now, not a cached copy. */
  staleTime?: number;
  refetchInterval?: number;
}

/** The query options of one GET endpoint: the shape every feature's `api/get-*.ts` file shares. */
export function apiQuery<T>({ path, query, ...options }: ApiQuery) {
  return queryOptions({ ...options, queryFn: () => apiData.get<T>(path, query) });
}
