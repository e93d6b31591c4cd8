import type { MantineBreakpoint, MantineColor } from '@mantine/core';
import type { DatedListQuery, Paged } from '@prestaya/contracts';
import type { ReactNode } from 'react';
import type { QueryValue } from '../../lib/api.ts';
import type { StatusLabel } from '../../lib/status-badges.ts';

export type { StatusLabel };

/** Cell kinds of the catalog (docs/product.md §3 "Table column definition"). */
export type ColumnType = 'text' | 'money' | 'date' | 'datetime' | 'link' | 'image' | 'status' | 'progress';

/** Colour of a progress bar when its percentage falls in [from, to]. */
export interface RangeStyle {
  from: number;
  to: number;
  color: MantineColor;
}

export interface ColumnDef<T> {
  header: string;
  /** Property path, dotted for nested objects (`customer.name`). */
  accessor: string;
  type?: ColumnType;
  /** Other property paths whose values are appended, joined by spaces. */
  concat?: string[];
  /** When the value is an array: the property of its first element. */
  elementProp?: string;
  /** Status cells: value → label, colour and icon. */
  labels?: StatusLabel[];
  /** Progress cells: colour by percentage range. */
  rangeStyles?: RangeStyle[];
  /** Progress cells: the value range mapped to 0–100 % (default [0, 100]). */
  range?: [number, number];
  /** Link cells: target of the link (default: the value itself). */
  href?: (row: T) => string;
  /**
   * One of the figures a phone's card shows (its key figures and the ones that tell rows apart);
   * without any `key` column a card shows every column but the phone-only folds.
   */
  key?: boolean;
  /** Hide the column below this Mantine breakpoint. */
  visibleFrom?: MantineBreakpoint;
  /** Show the column only below this breakpoint (a phone's folded column). */
  hiddenFrom?: MantineBreakpoint;
  /** Send `orderBy=<sortKey ?? accessor>` when the header is clicked. */
  sortable?: boolean;
  sortKey?: string;
  width?: number | string;
  textAlign?: 'left' | 'center' | 'right';
  /** Escape hatch for a custom cell. */
  render?: (row: T) => ReactNode;
}

export interface FilterOption {
  value: string;
  text: string;
  icon?: ReactNode;
}

export interface ExtraButton<T> {
  label: string;
  icon?: ReactNode;
  color?: MantineColor;
  onClick: (row: T) => void;
  /** The button is offered only for rows where this holds. */
  condition?: (row: T) => boolean;
}

/**
 * Query of one page (docs/product.md §7 "Paged search"); empty search, filter and dates are not sent. `from`/`to`
 * only when the table has its date filter.
 */
export type PageParams = DatedListQuery;

export type { Paged };

/** A 'Descargar CSV' button: the export path, the file name when the server sends none, extra filters. */
export interface CsvExport {
  path: string;
  fallbackName?: string;
  query?: Record<string, QueryValue>;
}
