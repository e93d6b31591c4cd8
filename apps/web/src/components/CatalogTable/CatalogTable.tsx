import { Box, Button, Group, Paper, Stack, type TitleOrder } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MAX_LIST_RANGE_DAYS } from '@prestaya/contracts';
import { IconDatabaseOff, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DataTable, type DataTableSortStatus } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { offlineCopyAt, offlineWithoutCopy, useOnline } from '../../lib/offline-copy.ts';
import { type DateRange, DateRangeFilter } from '../DateFilter.tsx';
import { OfflineBanner, OfflineEmpty } from '../OfflineNotice.tsx';
import { RetryAlert } from '../QueryState.tsx';
import { CatalogFooter } from './CatalogFooter.tsx';
import { ALL, CatalogToolbar } from './CatalogToolbar.tsx';
import { TableEmpty } from './cells.tsx';
import { STACKED_QUERY, stackedColumns, tableColumnsOf } from './columns.tsx';
import { pageSizeOptions, usePageSize } from './page-size.ts';
import './stacked.css';
import { clickableRowAttributes, onlyPageDiffers } from './rows.ts';
import type { ColumnDef, CsvExport, ExtraButton, FilterOption, Paged, PageParams } from './types.ts';

/** docs/product.md §4 "Catalog table", §9: page size 10, ascending order without an order-by field. */
export const DEFAULT_PAGE_SIZE = 10;
export const EMPTY_TEXT = 'No hay registros para mostrar';
export const LOAD_ERROR_TEXT = 'No se pudo cargar la lista.';
export const OFFLINE_TEXT = 'Sin conexión: la lista se cargará al volver la conexión.';

export interface CatalogTableProps<T extends { id: string | number }> {
  /** Names the list in this browser's memory: the page size a user picks is kept per list. */
  listId: string;
  title?: string;
  /** Heading level of the title (1 when the table is the page). */
  titleOrder?: TitleOrder;
  /** Base query key; the page parameters are appended. Invalidate it to reload. */
  queryKey: readonly unknown[];
  fetchPage: (params: PageParams) => Promise<Paged<T>>;
  columns: ColumnDef<T>[];
  searchable?: boolean;
  searchPlaceholder?: string;
  /** Options of the field filter, sent as `q`; 'Todos' (no filter) is added first. */
  filterOptions?: FilterOption[];
  filterLabel?: string;
  onAdd?: () => void;
  addLabel?: string;
  onEdit?: (row: T) => void;
  editLabel?: string;
  extraButtons?: ExtraButton<T>[];
  onRowClick?: (row: T) => void;
  /** The page size until the user picks another one (10, 25, 50 or 100) in the footer. */
  pageSize?: number;
  /** 'Desde'/'Hasta' pickers whose days are sent as `from`/`to` (and to the CSV export). */
  dateFilter?: boolean;
  /**
   * Changing this value sends the table back to page 1, e.g. a counter bumped after an operation
   * (docs/product.md §2 "BankAccountList": after an operation the list goes back to page 1); invalidate `queryKey` to refetch too.
   */
  resetPageKey?: unknown;
  /**
   * A 'Descargar CSV' button for the same rows: the export gets the table's current search, filter
   * and order (never page/size), plus `query` when the list has filters of its own (its keys win;
   * an undefined value leaves a parameter out).
   */
  exportCsv?: CsvExport;
  /**
   * Without signal, a search is answered from the pages this list already holds (the phone's copy):
   * whether a row matches the search text.
   */
  offlineSearch?: (row: T, query: string) => boolean;
  /** False where the screen around the table already says it shows the phone's copy. */
  offlineBanner?: boolean;
}

/** The reusable paged table of the back office (docs/product.md §2 "Reusable paged table (catalog)"). */
export function CatalogTable<T extends { id: string | number }>({
  listId,
  title,
  titleOrder = 2,
  queryKey,
  fetchPage,
  columns,
  searchable = false,
  searchPlaceholder = 'Buscar',
  filterOptions,
  filterLabel = 'Filtro',
  onAdd,
  addLabel = 'Agregar',
  onEdit,
  editLabel = 'Editar',
  extraButtons = [],
  onRowClick,
  pageSize: defaultPageSize = DEFAULT_PAGE_SIZE,
  dateFilter = false,
  resetPageKey,
  exportCsv,
  offlineSearch,
  offlineBanner = true,
}: CatalogTableProps<T>) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = usePageSize(listId, defaultPageSize);
  const [dates, setDates] = useState<DateRange>({});
  const [seenResetKey, setSeenResetKey] = useState(resetPageKey);
  if (!Object.is(resetPageKey, seenResetKey)) {
    // Adjusting state while rendering (not in an effect): the stale page is never requested.
    setSeenResetKey(resetPageKey);
    setPage(1);
  }
  const [searchText, setSearchText] = useState('');
  const [query, setQuery] = useState('');
  const [filter, setFilter] = useState(ALL);
  const [orderBy, setOrderBy] = useState<string | undefined>(undefined);
  const [order, setOrder] = useState<'asc' | 'desc'>('asc');

  const params: PageParams = {
    page,
    size: pageSize,
    query: query || undefined,
    q: filter === ALL ? undefined : filter,
    orderBy,
    order,
    from: dates.from,
    to: dates.to,
  };

  const fullKey = [...queryKey, params];
  const result = useQuery({
    queryKey: fullKey,
    queryFn: () => fetchPage(params),
    placeholderData: (previous, previousQuery) =>
      onlyPageDiffers(previousQuery?.queryKey, fullKey) ? previous : undefined,
  });
  const queryClient = useQueryClient();
  const { isFetching, error, refetch } = result;
  // Without signal an earlier page stands in for nothing: only this page's own copy is shown.
  const own = result.isPlaceholderData ? { ...result, data: undefined } : result;
  const online = useOnline();
  const savedAt = offlineCopyAt(own, online);
  // Offline TanStack Query pauses the request: nothing is loading, and nothing is known to be empty.
  const offline = offlineWithoutCopy(own, online);
  const searched = useMemo(() => {
    if (!offline || !offlineSearch || !params.query) return undefined;
    const pages = queryClient
      .getQueryCache()
      .findAll({ queryKey })
      .map((query) => ({
        data: query.state.data as Paged<T> | undefined,
        dataUpdatedAt: query.state.dataUpdatedAt,
      }));
    return searchCached(pages, (row) => offlineSearch(row, params.query ?? ''));
  }, [offline, offlineSearch, params.query, queryClient, queryKey]);
  // With signal an earlier page stays on screen while the next one loads (placeholderData).
  const data = offline ? searched?.page : result.data;
  const isError = result.isError && savedAt === undefined && !searched;
  const failed = (isError || (offline && !searched)) && !isFetching;

  useEffect(() => {
    // docs/product.md §8: failed page loads are logged; the table says the list failed, never that it is empty.
    if (isError) console.error('No se pudo cargar la página del catálogo', error);
  }, [isError, error]);

  const records = isError ? [] : (data?.data ?? []);
  const totalPages = isError ? 0 : (data?.totalPages ?? 0);
  const total = isError ? 0 : (data?.totalDocuments ?? 0);
  const totalCapped = !isError && (data?.totalCapped ?? false);

  useEffect(() => {
    // After deletions the current page may no longer exist.
    if (!isFetching && totalPages > 0 && page > totalPages) setPage(totalPages);
  }, [isFetching, totalPages, page]);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    setQuery(searchText.trim());
    setPage(1);
    // Same search again: ask the server anyway.
    if (searchText.trim() === query && page === 1) void refetch();
  };

  const changeFilter = (value: string | null) => {
    setFilter(value ?? ALL);
    setPage(1);
  };
  const changeDates = (range: DateRange) => {
    setDates(range);
    setPage(1);
  };
  const changePageSize = (size: number) => {
    setPageSize(size);
    setPage(1);
  };

  const hasRowActions = !!onEdit || extraButtons.length > 0;
  const stacked = useMediaQuery(STACKED_QUERY) ?? false;
  const tableColumns = useMemo(
    () => tableColumnsOf(columns, stacked, { onAdd, addLabel, onEdit, editLabel, extraButtons }),
    [columns, stacked, onAdd, addLabel, onEdit, editLabel, extraButtons],
  );

  const sortStatus: DataTableSortStatus<T> = {
    columnAccessor: orderBy
      ? (columns.find((c) => (c.sortKey ?? c.accessor) === orderBy)?.accessor ?? '')
      : '',
    direction: order,
  };
  const changeSort = (status: DataTableSortStatus<T>) => {
    const column = columns.find((c) => c.accessor === status.columnAccessor);
    setOrderBy(column ? (column.sortKey ?? column.accessor) : undefined);
    setOrder(status.direction);
    setPage(1);
  };

  const showEmpty = !isFetching && records.length === 0;
  const from = total ? (page - 1) * pageSize + 1 : 0;
  const to = total ? from + records.length - 1 : 0;

  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
      <Stack gap="md">
        <CatalogToolbar
          title={title}
          titleOrder={titleOrder}
          searchable={searchable}
          searchPlaceholder={searchPlaceholder}
          searchText={searchText}
          onSearchTextChange={setSearchText}
          onSearch={submitSearch}
          filterOptions={filterOptions}
          filterLabel={filterLabel}
          filter={filter}
          onFilterChange={changeFilter}
          exportCsv={exportCsv}
          exportQuery={{
            query: params.query,
            q: params.q,
            orderBy: params.orderBy,
            order: params.order,
            from: params.from,
            to: params.to,
          }}
        />
        {stacked && onAdd && (
          <Group justify="flex-end">
            <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
              {addLabel}
            </Button>
          </Group>
        )}
        {dateFilter && <DateRangeFilter range={dates} onChange={changeDates} maxDays={MAX_LIST_RANGE_DAYS} />}

        {offlineBanner && <OfflineBanner savedAt={searched ? searched.savedAt : savedAt} />}
        {failed && offline ? (
          <OfflineEmpty>{OFFLINE_TEXT}</OfflineEmpty>
        ) : failed ? (
          <RetryAlert text={LOAD_ERROR_TEXT} error={error} onRetry={() => void refetch()} />
        ) : (
          <Box
            aria-busy={isFetching}
            className={stacked ? 'catalog-stacked' : undefined}
            style={stacked ? { '--catalog-lines': stackedColumns(columns).length } : undefined}
          >
            <DataTable<T>
              aria-label={title}
              records={records}
              columns={tableColumns}
              idAccessor="id"
              withTableBorder={false}
              pinLastColumn={!stacked && (!!onAdd || hasRowActions)}
              fetching={isFetching}
              minHeight={records.length ? undefined : 200}
              striped
              highlightOnHover
              verticalSpacing="sm"
              noRecordsText={EMPTY_TEXT}
              emptyState={
                <TableEmpty
                  show={showEmpty}
                  icon={<IconDatabaseOff size={28} aria-hidden />}
                  text={EMPTY_TEXT}
                />
              }
              onRowClick={onRowClick ? ({ record }) => onRowClick(record) : undefined}
              customRowAttributes={clickableRowAttributes(onRowClick)}
              sortStatus={sortStatus}
              onSortStatusChange={changeSort}
            />
          </Box>
        )}

        <CatalogFooter
          total={total}
          totalCapped={totalCapped}
          from={from}
          to={to}
          totalPages={totalPages}
          page={page}
          onPageChange={setPage}
          pageSize={pageSize}
          pageSizes={pageSizeOptions(defaultPageSize)}
          onPageSizeChange={changePageSize}
        />
      </Stack>
    </Paper>
  );
}

/**
 * A search answered from the phone's copy: every row of the list's cached pages (each once) that
 * matches, as one page, dated by the oldest page it drew on.
 */
export function searchCached<T extends { id: string | number }>(
  pages: { data: Paged<T> | undefined; dataUpdatedAt: number }[],
  matches: (row: T) => boolean,
): { page: Paged<T>; savedAt: number } | undefined {
  const rows = new Map<string | number, T>();
  let savedAt: number | undefined;
  for (const { data, dataUpdatedAt } of pages) {
    if (!data) continue;
    savedAt = Math.min(savedAt ?? dataUpdatedAt, dataUpdatedAt);
    for (const row of data.data) if (!rows.has(row.id) && matches(row)) rows.set(row.id, row);
  }
  if (savedAt === undefined) return undefined;
  const data = [...rows.values()];
  const page = {
    data,
    page: 1,
    size: data.length,
    totalDocuments: data.length,
    totalPages: 1,
    totalCapped: false,
  };
  return { page, savedAt };
}
