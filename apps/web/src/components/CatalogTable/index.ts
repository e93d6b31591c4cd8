export { CatalogFooter } from './CatalogFooter.tsx';
export { CatalogTable, type CatalogTableProps, DEFAULT_PAGE_SIZE, EMPTY_TEXT } from './CatalogTable.tsx';
export { FoldedNameCell, filterOptionsOf, RowStatus, TableEmpty } from './cells.tsx';
export { pageSizeOptions, usePageSize } from './page-size.ts';
export { onlyPageDiffers } from './rows.ts';
export type {
  ColumnDef,
  ColumnType,
  CsvExport,
  ExtraButton,
  FilterOption,
  Paged,
  PageParams,
  RangeStyle,
  StatusLabel,
} from './types.ts';
