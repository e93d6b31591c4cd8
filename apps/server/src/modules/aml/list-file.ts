import { AML_LIST_MAX_ERRORS, AML_LIST_MAX_ROWS, type AmlListRow, amlListRow } from '@prestaya/contracts';
import { AML_LIST_COLUMNS, type AmlListColumn, amlListColumnOf } from '@prestaya/domain';
import { CsvError, parse } from 'csv-parse/sync';
import { badRequest, type FieldError } from '../../errors.ts';
import { refuse } from '../../http/refusals.ts';

/**
 * Reads a blocked-persons list file: UTF-8 with or without BOM, comma- or semicolon-separated (Excel
 * in Spanish saves with semicolons), a header row naming the columns nombre, curp, rfc, lista and
 * fecha in any order, case or accents. Every row is checked by the contract (contracts aml.ts
 * amlListRow); any bad row refuses the whole file with each error named by row (as a spreadsheet
 * numbers it, the header being row 1) and column, so nothing is imported halfway.
 */
export function readListFile(bytes: Buffer): AmlListRow[] {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refuse('aml.file_not_utf8');
  }
  text = text.replace(/^\uFEFF/, '');
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const delimiter = firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      // One row past the limit is enough to know the file is too long.
      to_line: AML_LIST_MAX_ROWS + 2,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError) {
      throw refuse('aml.file_malformed', { values: { line: String(error.lines ?? 1) } });
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw refuse('aml.file_empty');
  const positions = columnPositions(header);
  if (body.length === 0) throw refuse('aml.file_empty');
  if (body.length > AML_LIST_MAX_ROWS) {
    throw refuse('aml.too_many_rows', { values: { max: AML_LIST_MAX_ROWS.toLocaleString('en-US') } });
  }
  return checkRows(body, positions);
}

/** Where each column is in the header row; 400 naming the ones missing. */
function columnPositions(header: string[]): Record<AmlListColumn, number> {
  const positions: Partial<Record<AmlListColumn, number>> = {};
  header.forEach((title, index) => {
    const column = amlListColumnOf(title);
    if (column && positions[column] === undefined) positions[column] = index;
  });
  const missing = AML_LIST_COLUMNS.filter((column) => positions[column] === undefined);
  if (missing.length > 0) throw refuse('aml.missing_columns', { values: { columns: missing.join(', ') } });
  return positions as Record<AmlListColumn, number>;
}

function checkRows(body: string[][], positions: Record<AmlListColumn, number>): AmlListRow[] {
  const rows: AmlListRow[] = [];
  const errors: FieldError[] = [];
  let badRows = 0;
  body.forEach((record, index) => {
    const cells = Object.fromEntries(
      AML_LIST_COLUMNS.map((column) => [column, record[positions[column]] ?? '']),
    );
    const checked = amlListRow.safeParse(cells);
    if (checked.success) {
      rows.push(checked.data);
      return;
    }
    badRows += 1;
    const row = index + 2;
    for (const issue of checked.error.issues) {
      if (errors.length < AML_LIST_MAX_ERRORS) {
        errors.push({ field: `fila ${row}, ${String(issue.path[0] ?? 'fila')}`, message: issue.message });
      }
    }
  });
  if (errors.length > 0) {
    // The detail names the first few; `errors` carries each one (up to AML_LIST_MAX_ERRORS).
    const listed = errors
      .slice(0, 5)
      .map((e) => `${e.field}: ${e.message}`)
      .join('; ');
    throw badRequest(
      `${badRows === 1 ? 'Una fila tiene' : `${badRows} filas tienen`} errores; no se importó nada. ${listed}`,
      errors,
    );
  }
  return rows;
}
