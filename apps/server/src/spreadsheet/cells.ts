/** What every spreadsheet reader shares: the limits, the refusal, a row, and the cell checks. */
export interface SheetLimits {
  /** Data rows after the header; one more is refused. */
  maxRows: number;
  maxColumns: number;
  maxCellLength: number;
}

export const DEFAULT_SHEET_LIMITS: SheetLimits = { maxRows: 50_000, maxColumns: 60, maxCellLength: 500 };

export type SheetProblem =
  | 'type'
  | 'encoding'
  | 'formula'
  | 'empty'
  | 'too_many_rows'
  | 'too_many_columns'
  | 'cell_too_long'
  | 'unreadable';

/** What makes a file unusable as a whole; `row`/`column` (1-based, as the spreadsheet shows them) when one cell does. */
export class SheetError extends Error {
  constructor(
    readonly problem: SheetProblem,
    message: string,
    readonly row?: number,
    readonly column?: number,
    /** The reader's own error behind an 'unreadable' file, for the server's log (never shown). */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

export interface SheetRow {
  /** The row's number in the file (the header is row 1). */
  row: number;
  cells: string[];
}

/** The spreadsheet letter of a 1-based column (1 → A, 28 → AB), for messages. */
export function columnLetter(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

export const at = (row: number, column: number) => `fila ${row}, columna ${columnLetter(column)}`;

export function checkCells(row: number, cells: string[], limits: SheetLimits): string[] {
  if (cells.length > limits.maxColumns) {
    throw new SheetError(
      'too_many_columns',
      `La fila ${row} tiene ${cells.length} columnas; el máximo es ${limits.maxColumns}`,
      row,
    );
  }
  cells.forEach((cell, index) => {
    if (cell.length > limits.maxCellLength) {
      throw new SheetError(
        'cell_too_long',
        `La celda de la ${at(row, index + 1)} tiene más de ${limits.maxCellLength} caracteres`,
        row,
        index + 1,
      );
    }
  });
  return cells;
}
