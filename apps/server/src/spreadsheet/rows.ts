import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import {
  at,
  checkCells,
  DEFAULT_SHEET_LIMITS,
  SheetError,
  type SheetLimits,
  type SheetRow,
} from './cells.ts';
import { bytesOf, xlsxRowsRetried } from './xlsx-rows.ts';

/**
 * The rows of an uploaded spreadsheet (CSV or the first sheet of an XLSX), read one at a time so
 * a 50,000-row file's rows never sit whole in memory (an XLSX's bytes do, bounded by the upload
 * limits), every cell a trimmed string. Used by every upload an
 * administrator brings from a spreadsheet (a book of customers and loans, a bank statement, a list).
 */
export type SheetKind = 'csv' | 'xlsx';

export * from './cells.ts';

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
