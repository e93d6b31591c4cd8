export { CatalogTable, type CatalogTableProps, DEFAULT_PAGE_SIZE, EMPTY_TEXT } from './CatalogTable.tsx';
export { FoldedNameCell, filterOptionsOf, RowStatus, TableEmpty } from './cells.tsx';
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
