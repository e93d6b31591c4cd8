import { Box, Stack } from '@mantine/core';
import type { Paged } from '@prestaya/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import {
  CatalogFooter,
  DEFAULT_PAGE_SIZE,
  onlyPageDiffers,
  pageSizeOptions,
  usePageSize,
} from './CatalogTable/index.ts';
import { QueryState } from './QueryState.tsx';

/** The page a paged list asks the server for: `page` from 1, `size` rows. */
export interface PageWindow {
  page: number;
  size: number;
}

/** A card list's page and page size, and how to change them. */
export interface Paging extends PageWindow {
  setPage: (page: number) => void;
  /** Another size starts again at page 1. */
  setSize: (size: number) => void;
  sizes: number[];
}

/**
 * The page of a list shown as cards: page 1 of the catalog's 10 rows until the user picks another page
 * or size. The size is remembered per list in this browser, as a catalog table's is.
 */
export function usePaging(listId: string, defaultSize = DEFAULT_PAGE_SIZE): Paging {
  const [page, setPage] = useState(1);
  const [size, setStoredSize] = usePageSize(listId, defaultSize);
  const setSize = (next: number) => {
    setStoredSize(next);
    setPage(1);
  };
  return { page, size, setPage, setSize, sizes: pageSizeOptions(defaultSize) };
}

/**
 * The placeholderData of a card list's page query (its key ends with the PageWindow): the page shown
 * stays on screen while another page of the same list loads; never rows of another filter, nor a page
 * emptied by a resolve or a close (that one reads as loading: PagedCards).
 */
export function keepPageWhileLoading(queryKey: readonly unknown[]) {
  return <T extends { data: unknown[] }>(
    previous: T | undefined,
    previousQuery: { queryKey: readonly unknown[] } | undefined,
  ): T | undefined =>
    previous?.data.length && onlyPageDiffers(previousQuery?.queryKey, queryKey) ? previous : undefined;
}

interface PagedCardsProps<T> {
  /** The page's query, keyed so that another page of the same list may stand in while it loads. */
  query: UseQueryResult<Paged<T>>;
  paging: Paging;
  loadingLabel: string;
  errorText: string;
  emptyText: string;
  emptyIcon: ReactNode;
  children: (rows: T[]) => ReactNode;
}

/**
 * A paged list shown as cards: the loading, error and empty states of QueryState, then the page's cards
 * and the catalog table's footer ('Mostrando 1–10 de 45', 'Filas por página', the pagination).
 */
export function PagedCards<T>({
  query,
  paging,
  loadingLabel,
  errorText,
  emptyText,
  emptyIcon,
  children,
}: PagedCardsProps<T>) {
  const { page, setPage, size } = paging;
  const reply = query.isError ? undefined : query.data;
  // After a resolve or a close the page may no longer exist (its last card left the list): it reads as
  // loading, not as an empty list, until the last page that does exist is asked for.
  const pastTheEnd = !!reply && reply.data.length === 0 && page > 1;
  const lastPage = Math.max(1, reply?.totalPages ?? 1);
  useEffect(() => {
    if (pastTheEnd && !query.isFetching) setPage(lastPage);
  }, [pastTheEnd, query.isFetching, lastPage, setPage]);

  const rows = reply?.data ?? [];
  const from = reply && rows.length ? (reply.page - 1) * reply.size + 1 : 0;
  return (
    <Stack gap="sm">
      <Box
        aria-busy={query.isFetching}
        style={query.isPlaceholderData ? { opacity: 0.6, transition: 'opacity 150ms' } : undefined}
      >
        <QueryState
          query={{ ...query, isPending: query.isPending || pastTheEnd, data: query.data?.data }}
          loadingLabel={loadingLabel}
          errorText={errorText}
          emptyText={emptyText}
          emptyIcon={emptyIcon}
        >
          {children}
        </QueryState>
      </Box>
      {reply && !pastTheEnd ? (
        <CatalogFooter
          total={reply.totalDocuments}
          totalCapped={reply.totalCapped}
          from={from}
          to={from ? from + rows.length - 1 : 0}
          totalPages={reply.totalPages}
          page={page}
          onPageChange={setPage}
          pageSize={size}
          pageSizes={paging.sizes}
          onPageSizeChange={paging.setSize}
        />
      ) : null}
    </Stack>
  );
}
