import { type QueryKey, queryOptions } from '@tanstack/react-query';
import { apiData, type QueryValue } from './api.ts';
import type { Reader } from './fetch-core.ts';

export interface ApiQuery<T> {
  queryKey: QueryKey;
  /** A GET answered with an `{ data }` envelope; the query resolves to `data`. */
  path: string;
  /** Reads `data`: usually a contracts schema's `parse`. */
  read: Reader<T>;
  query?: Record<string, QueryValue>;
  /** 0 where a screen must show the server's figures as they are now, not a cached copy. */
  staleTime?: number;
  refetchInterval?: number;
}

/** The query options of one GET endpoint: the shape every feature's `api/get-*.ts` file shares. */
export function apiQuery<T>({ path, read, query, ...options }: ApiQuery<T>) {
  return queryOptions({ ...options, queryFn: () => apiData.get(path, read, query) });
}
