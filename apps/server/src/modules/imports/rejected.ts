import { stringify } from 'csv-stringify/sync';
import { textCell } from '../../csv/cells.ts';
import type { AppDb } from '../../db/client.ts';
import { readStoredFile } from '../../db/stored-files.ts';
import { refuse } from '../../http/refusals.ts';
import { analyseFile, problemsByRow, sheetRows } from './analyse.ts';
import { loadImportRow } from './queries.ts';

/**
 * GET /imports/{id}/rejected.csv: the rows of the file the dry run rejected, as they were (every
 * cell, formula-guarded), with an 'errores' column saying what to fix in each ('F telefono: …'), so
 * the administrator corrects them and imports that file. The problems are found again against the
 * database as it is now.
 */
export async function rejectedRowsCsv(
  db: AppDb,
  id: string,
  today: string,
): Promise<{ name: string; body: string }> {
  const row = await loadImportRow(db, id);
  const file = await readStoredFile(db, row.fileId);
  if (!file) throw refuse('import.not_found');
  const problems = problemsByRow((await analyseFile(db, file.bytes, today)).problems);
  const records: string[][] = [];
  let width = 0;
  for await (const { row: number, cells } of sheetRows(file.bytes)) {
    if (width === 0) {
      width = cells.length;
      records.push([...cells.map(textCell), 'errores']);
      continue;
    }
    const found = problems.get(number);
    if (!found) continue;
    const text = found.map((p) => (p.column ? `${p.column} ${p.field}: ${p.message}` : p.message)).join('; ');
    const padded = Array.from({ length: Math.max(width, cells.length) }, (_, i) => textCell(cells[i] ?? ''));
    records.push([...padded, textCell(`Fila ${number}: ${text}`)]);
  }
  const base = row.fileName.replace(/\.[^.]+$/, '');
  return {
    name: `${base}-rechazadas.csv`,
    body: stringify(records, { bom: true, record_delimiter: '\r\n', quote_record_delimiter: true }),
  };
}
