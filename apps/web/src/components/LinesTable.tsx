import { Table, type TableProps, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

export interface LineColumn<T> {
  /** Names the column; unique within a table. */
  header: string;
  /** Read by screen readers only, e.g. 'Acciones' over a column of row buttons. */
  hiddenHeader?: boolean;
  cell: (row: T) => ReactNode;
  /** Amounts line up on the right. */
  align?: 'right';
  /** Hidden on a phone, where its value folds into another cell (see `FoldedCell`). */
  wide?: boolean;
  /** Dates and amounts never break over two lines. */
  nowrap?: boolean;
  w?: number;
}

export interface LinesTableProps<T> extends Omit<TableProps, 'children'> {
  rows: readonly T[];
  rowKey: (row: T) => string;
  columns: readonly (LineColumn<T> | false)[];
}

const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * A small read-only table of lines (installments, fines, payments) described by its columns, so the
 * tables of a loan and of a payment share one markup. Striped with tight rows unless told otherwise;
 * a `false` column is left out (e.g. the actions of a role that has none).
 */
export function LinesTable<T>({ rows, rowKey, columns, ...table }: LinesTableProps<T>) {
  const shown = columns.filter((column): column is LineColumn<T> => column !== false);
  return (
    <Table striped verticalSpacing="xs" {...table}>
      <Table.Thead>
        <Table.Tr>
          {shown.map((column) => (
            <Table.Th
              key={column.header}
              ta={column.align}
              visibleFrom={column.wide ? 'xs' : undefined}
              w={column.w}
            >
              {column.hiddenHeader ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={rowKey(row)}>
            {shown.map((column) => (
              <Table.Td
                key={column.header}
                ta={column.align}
                visibleFrom={column.wide ? 'xs' : undefined}
                style={column.nowrap ? NOWRAP : undefined}
              >
                {column.cell(row)}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** A cell with what a hidden column would show folded under it on a phone. */
export function FoldedCell({
  children,
  folded,
  nowrap = false,
}: {
  children: ReactNode;
  folded: ReactNode;
  nowrap?: boolean;
}) {
  return (
    <>
      {nowrap ? (
        <Text inherit style={NOWRAP}>
          {children}
        </Text>
      ) : (
        children
      )}
      <Text size="xs" c="dimmed" hiddenFrom="xs" style={nowrap ? NOWRAP : undefined}>
        {folded}
      </Text>
    </>
  );
}
