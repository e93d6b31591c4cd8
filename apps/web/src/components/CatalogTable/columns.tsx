import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { renderCell } from './cells.tsx';
import { columnMediaQuery } from './media.ts';
import { RowActions } from './RowActions.tsx';
import type { ColumnDef, ExtraButton } from './types.ts';

const ACTIONS = '__actions__';

/** Below this width a catalog shows its rows stacked as cards (stacked.css). */
export const STACKED_QUERY = '(max-width: 35.99em)';

/**
 * The columns a phone's card shows: those declared `key` when any is, else every column but the
 * phone-only folds (`hiddenFrom`), which repeat what the card already shows line by line.
 */
export function stackedColumns<T>(columns: ColumnDef<T>[]): ColumnDef<T>[] {
  const keys = columns.filter((column) => column.key);
  return keys.length > 0 ? keys : columns.filter((column) => !column.hiddenFrom);
}

interface ActionsOptions<T> {
  onAdd?: () => void;
  addLabel: string;
  onEdit?: (row: T) => void;
  editLabel: string;
  extraButtons: ExtraButton<T>[];
}

/** The DataTable columns of a catalog: its own, then the actions (and the add button above them). */
export function tableColumnsOf<T>(
  columns: ColumnDef<T>[],
  stacked: boolean,
  { onAdd, addLabel, onEdit, editLabel, extraButtons }: ActionsOptions<T>,
): DataTableColumn<T>[] {
  const shown = stacked ? stackedColumns(columns) : columns;
  const cols: DataTableColumn<T>[] = shown.map((column) => ({
    accessor: column.accessor,
    title: column.header,
    sortable: column.sortable,
    width: column.width,
    textAlign: column.textAlign ?? (column.type === 'money' ? 'right' : 'left'),
    visibleMediaQuery: stacked ? undefined : columnMediaQuery(column),
    // On a card each value has its label beside it; hidden from assistive technology, which reads the
    // header of the cell's column, so a cell is named by its value alone.
    render: stacked
      ? (row: T) => (
          <>
            <span className="catalog-label" aria-hidden>
              {column.header}
            </span>
            <span className="catalog-value">{renderCell(row, column)}</span>
          </>
        )
      : (row: T) => renderCell(row, column),
  }));
  const hasRowActions = !!onEdit || extraButtons.length > 0;
  if ((onAdd && !stacked) || hasRowActions) {
    cols.push({
      accessor: ACTIONS,
      // A card has no header row: the add button stands above the cards instead (CatalogTable).
      title:
        onAdd && !stacked ? (
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={onAdd}>
            {addLabel}
          </Button>
        ) : (
          'Acciones'
        ),
      textAlign: 'right',
      // Wide enough for the add button's label ('Agregar' → 130 px, longer labels get more).
      width: onAdd && !stacked ? Math.max(130, Math.round(addLabel.length * 7.5 + 62)) : 90,
      customCellAttributes: stacked ? () => ({ 'data-actions': '' }) : undefined,
      render: (row: T) => (
        <RowActions row={row} onEdit={onEdit} editLabel={editLabel} extraButtons={extraButtons} />
      ),
    });
  }
  return cols;
}
