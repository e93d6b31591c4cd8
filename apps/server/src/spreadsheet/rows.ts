import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';

/**
 * The rows of an uploaded spreadsheet (CSV or the first sheet of an XLSX), streamed one at a time so
 * a 50,000-row file never sits whole in memory, every cell a trimmed string. Used by every upload an
 * administrator brings from a spreadsheet (a book of customers and loans, a bank statement, a list).
 */
export type SheetKind = 'csv' | 'xlsx';

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

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/**
 * The kind of a file by its first bytes, never by its name: an XLSX is a ZIP; a CSV is text without
 * NUL bytes. Anything else (a PDF, an image, an old binary .xls) is null.
 */
export function sheetKind(head: Buffer): SheetKind | null {
  if (head.subarray(0, 4).equals(ZIP_MAGIC)) return 'xlsx';
  if (head.length === 0 || head.includes(0)) return null;
  const printable = head.subarray(0, 512).every((byte) => byte >= 0x09);
  return printable ? 'csv' : null;
}

/** The spreadsheet letter of a 1-based column (1 → A, 28 → AB), for messages. */
export function columnLetter(column: number): string {
  let name = '';
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) {
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  }
  return name;
}

const at = (row: number, column: number) => `fila ${row}, columna ${columnLetter(column)}`;

function checkCells(row: number, cells: string[], limits: SheetLimits): string[] {
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

/** The delimiter of a CSV from its first line: Excel in Spanish writes ';', others ',' or a tab. */
function csvDelimiter(firstLine: string): string {
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length - 1] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** Decodes UTF-8 strictly: a file saved in another encoding is refused rather than read with wrong letters. */
async function* strictUtf8(source: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of source) yield decoder.decode(chunk, { stream: true });
    yield decoder.decode();
  } catch (error) {
    if (error instanceof TypeError) {
      throw new SheetError(
        'encoding',
        'El archivo no está en UTF-8: guárdelo como "CSV UTF-8 (delimitado por comas)" o como XLSX',
      );
    }
    throw error;
  }
}

async function* csvRows(source: AsyncIterable<Buffer>, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const text = strictUtf8(source);
  // The delimiter is read off the whole first line, however the upload was chunked.
  let head = '';
  for (let next = await text.next(); !next.done; next = await text.next()) {
    head += next.value;
    if (head.includes('\n') || head.length > 64 * 1024) break;
  }
  head = head.replace(/^\uFEFF/, '');
  if (head.trim() === '') throw new SheetError('empty', 'El archivo está vacío');
  const maxRecord = limits.maxCellLength * limits.maxColumns + limits.maxColumns;
  const parser = parse({
    delimiter: csvDelimiter(head.split(/\r?\n/, 1)[0] ?? ''),
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    trim: true,
    max_record_size: maxRecord,
    info: true,
  });
  const input = Readable.from(
    (async function* () {
      yield head;
      yield* text;
    })(),
  );
  input.on('error', (error) => parser.destroy(error));
  input.pipe(parser);
  try {
    for await (const record of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      const row = record.info.lines;
      const cells = checkCells(row, record.record, limits);
      const formula = cells.findIndex((cell) => cell.startsWith('='));
      if (formula >= 0) {
        throw new SheetError(
          'formula',
          `La ${at(row, formula + 1)} contiene una fórmula; escriba el valor`,
          row,
          formula + 1,
        );
      }
      yield { row, cells };
    }
  } catch (error) {
    if (error instanceof SheetError) throw error;
    const { code, lines } = error as { code?: string; lines?: number };
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw new SheetError(
        'cell_too_long',
        `La fila ${lines} es demasiado larga: ninguna celda puede pasar de ${limits.maxCellLength} caracteres`,
        lines,
      );
    }
    throw new SheetError(
      'unreadable',
      `El CSV no se pudo leer (fila ${lines ?? 1}): revise las comillas`,
      undefined,
      undefined,
      error,
    );
  }
}

/** A cell of the first sheet as text: dates as YYYY-MM-DD, numbers as written, formulas refused. */
function cellText(value: ExcelJS.CellValue, row: number, column: number): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('formula' in value || 'sharedFormula' in value) {
      throw new SheetError(
        'formula',
        `La ${at(row, column)} contiene una fórmula; escriba el valor`,
        row,
        column,
      );
    }
    if ('richText' in value)
      return value.richText
        .map((part) => part.text)
        .join('')
        .trim();
    if ('text' in value) return String(value.text).trim();
    if ('error' in value) return '';
    return '';
  }
  return String(value).trim();
}

async function* xlsxRows(source: Readable, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(source, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
  });
  try {
    for await (const sheet of reader) {
      for await (const line of sheet) {
        const values = Array.isArray(line.values) ? line.values.slice(1) : [];
        const cells = values.map((value, index) => cellText(value, line.number, index + 1));
        while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
        if (cells.length === 0) continue;
        yield { row: line.number, cells: checkCells(line.number, cells, limits) };
      }
      // Only the first sheet: the template's notes or a user's scratch sheet are never read as data.
      return;
    }
  } catch (error) {
    if (error instanceof SheetError) throw error;
    throw new SheetError(
      'unreadable',
      'El archivo XLSX no se pudo leer; ábralo en Excel y guárdelo de nuevo',
      undefined,
      undefined,
      error,
    );
  }
}

async function bytesOf(source: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of source) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * ExcelJS's streaming reader now and then loses the workbook's own part while it unzips (a race in its
 * stream iteration: "Cannot read properties of undefined (reading 'sheets')", about 5 reads in 800 at
 * four at once), and the file reads as unreadable. The bytes are already bounded by the upload limits,
 * so a read that fails as unreadable before its first row is tried again, up to three times: a broken
 * file fails every time.
 */
export async function* xlsxRowsRetried(
  bytes: Buffer,
  limits: SheetLimits,
  read: (source: Readable, limits: SheetLimits) => AsyncGenerator<SheetRow> = xlsxRows,
): AsyncGenerator<SheetRow> {
  for (let attempt = 1; ; attempt += 1) {
    let yielded = false;
    try {
      for await (const row of read(Readable.from([bytes]), limits)) {
        yielded = true;
        yield row;
      }
      return;
    } catch (error) {
      const unreadable = error instanceof SheetError && error.problem === 'unreadable';
      if (yielded || !unreadable || attempt >= 3) throw error;
    }
  }
}

/**
 * Every non-empty row of the file, the header first, with its number in the file. Throws SheetError
 * for a file that is not a spreadsheet, not UTF-8, empty, holds a formula, or exceeds `limits` (the
 * header plus `maxRows` data rows).
 */
export async function* readSheetRows(
  source: Readable,
  limits: SheetLimits = DEFAULT_SHEET_LIMITS,
): AsyncGenerator<SheetRow> {
  const iterator = source[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const first = await iterator.next();
  const head = first.done ? Buffer.alloc(0) : Buffer.from(first.value);
  const kind = sheetKind(head);
  if (head.length === 0) throw new SheetError('empty', 'El archivo está vacío');
  if (!kind) throw new SheetError('type', 'El archivo debe ser una hoja de cálculo XLSX o un CSV');
  const rest: AsyncIterable<Buffer> = {
    [Symbol.asyncIterator]: () => ({ next: () => iterator.next() }),
  };
  const whole = Readable.from(
    (async function* () {
      yield head;
      for await (const chunk of rest) yield Buffer.from(chunk);
    })(),
  );
  const rows = kind === 'csv' ? csvRows(whole, limits) : xlsxRowsRetried(await bytesOf(whole), limits);
  let count = 0;
  for await (const row of rows) {
    count += 1;
    if (count > limits.maxRows + 1) {
      throw new SheetError(
        'too_many_rows',
        `El archivo tiene más de ${limits.maxRows.toLocaleString('es-MX')} filas`,
        row.row,
      );
    }
    yield row;
  }
  if (count === 0) throw new SheetError('empty', 'El archivo no tiene filas');
}
