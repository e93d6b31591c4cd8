import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { at, checkCells, SheetError, type SheetLimits, type SheetRow } from './cells.ts';

/** The first sheet of an XLSX, row by row (ExcelJS's streaming reader). */

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

export async function* xlsxRows(source: Readable, limits: SheetLimits): AsyncGenerator<SheetRow> {
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

export async function bytesOf(source: Readable): Promise<Buffer> {
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
