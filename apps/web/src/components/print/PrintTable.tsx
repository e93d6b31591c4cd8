import type { ReactNode } from 'react';
import type { PrintField } from './PrintDocument.tsx';

export interface PrintColumn<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Amounts: right-aligned figures. */
  num?: boolean;
}

/** A titled table of a printed document; `empty` fills its one row when there is nothing to list. */
export function PrintTable<T>({
  title,
  label = title,
  columns,
  rows,
  rowKey,
  empty,
}: {
  title: string;
  /** The table's accessible name when it differs from the title. */
  label?: string;
  columns: PrintColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => string | number;
  empty: string;
}) {
  const numClass = (column: PrintColumn<T>) => (column.num ? 'num' : undefined);
  return (
    <>
      <h2 className="print-section-title">{title}</h2>
      <table className="print-table" aria-label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column.header} className={numClass(column)}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row, index) => (
              <tr key={rowKey(row, index)}>
                {columns.map((column) => (
                  <td key={column.header} className={numClass(column)}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </>
  );
}

/** The sums of a printed document, the last one (`grand`) stressed. */
export function PrintTotals({
  label,
  lines,
  grand,
}: {
  label: string;
  lines: PrintField[];
  grand: PrintField & { testId: string };
}) {
  return (
    <table className="print-totals" aria-label={label}>
      <tbody>
        {lines.map((line) => (
          <tr key={line.label}>
            <td>{line.label}</td>
            <td>{line.value}</td>
          </tr>
        ))}
        <tr className="grand">
          <td>{grand.label}</td>
          <td data-testid={grand.testId}>{grand.value}</td>
        </tr>
      </tbody>
    </table>
  );
}
