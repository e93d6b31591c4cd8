import { Readable } from 'node:stream';
import { IMPORT_MAX_ROWS, type ImportColumnHeader, type ImportProblem } from '@prestaya/contracts';
import { IN_PROGRESS_STATUSES } from '@prestaya/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { loanProducts } from '../../db/schema/loan-products.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';
import { columnLetter, DEFAULT_SHEET_LIMITS, readSheetRows, SheetError } from '../../spreadsheet/rows.ts';
import {
  checkRow,
  foldName,
  type HeaderMap,
  headerMap,
  type ImportContext,
  type ParsedRow,
} from './row-check.ts';

/**
 * The dry run of an import file, which writes nothing: every row checked (row-check.ts), then what
 * needs the whole file or the database: an id_externo or a CURP repeated in the file, a CURP already
 * registered (a customer with a loan in progress when the row brings another), and the rows an earlier
 * import already wrote (by id_externo: skipped, never written twice). The run (run.ts) analyses the
 * stored file again, so what it writes is what the database holds at that moment.
 */
export interface Analysis {
  /** Rows of data (the header not counted). */
  totalRows: number;
  /** Valid rows not yet imported: what a run writes. */
  rows: ParsedRow[];
  alreadyImported: number;
  /** Every problem, in row order. */
  problems: ImportProblem[];
  rejectedRows: number;
}

/** Ids or CURPs per lookup: one array parameter each. */
const LOOKUP_CHUNK = 5_000;

async function importContext(db: DbOrTx, today: string): Promise<ImportContext> {
  const agents = new Map<string, string>();
  for (const user of await db
    .select({ id: users.id, num: users.num, username: users.username })
    .from(users)
    .where(eq(users.status, 'A'))) {
    agents.set(String(user.num), user.id);
    agents.set(user.username.toLowerCase(), user.id);
  }
  const products = new Map(
    (await db.select().from(loanProducts).where(eq(loanProducts.active, true))).map((p) => [
      foldName(p.name),
      p,
    ]),
  );
  return { agents, products, today };
}

/** The file's rows as SheetErrors the API answers with 4xx; header first. */
export async function* sheetRows(bytes: Buffer) {
  try {
    yield* readSheetRows(Readable.from([bytes]), { ...DEFAULT_SHEET_LIMITS, maxRows: IMPORT_MAX_ROWS });
  } catch (error) {
    if (error instanceof SheetError) {
      throw error.problem === 'type'
        ? refuse('import.sheet_type')
        : Object.assign(refuse('spreadsheet.unusable', { values: { detail: error.message } }), {
            cause: error.cause,
          });
    }
    throw error;
  }
}

const letterOf = (headers: HeaderMap, header: ImportColumnHeader) =>
  columnLetter((headers.get(header) ?? 0) + 1);

export function requireHeaders(cells: string[]): HeaderMap {
  const { map, missing } = headerMap(cells);
  if (missing.length > 0) throw refuse('import.missing_columns', { values: { columns: missing.join(', ') } });
  return map;
}

async function lookup<T>(
  _db: DbOrTx,
  values: string[],
  query: (chunk: string[]) => Promise<T[]>,
): Promise<T[]> {
  const found: T[] = [];
  for (let start = 0; start < values.length; start += LOOKUP_CHUNK) {
    if (values.length > 0) found.push(...(await query(values.slice(start, start + LOOKUP_CHUNK))));
  }
  return found;
}

export async function analyseFile(db: DbOrTx, bytes: Buffer, today: string): Promise<Analysis> {
  const context = await importContext(db, today);
  let headers: HeaderMap | undefined;
  const parsed: ParsedRow[] = [];
  const problemsOf = new Map<number, ImportProblem[]>();
  const idsOf = new Map<string, number>();
  const rowIds = new Map<number, string>();
  let totalRows = 0;
  const add = (row: number, list: ImportProblem[]) => {
    if (list.length > 0) problemsOf.set(row, [...(problemsOf.get(row) ?? []), ...list]);
  };
  const firstRowOf = new Map<string, number>();
  const curpRows = new Map<string, { row: number; hasLoan: boolean }>();

  for await (const { row, cells } of sheetRows(bytes)) {
    if (!headers) {
      headers = requireHeaders(cells);
      continue;
    }
    totalRows += 1;
    const checked = checkRow(row, cells, headers, context);
    const externalId = cells[headers.get('id_externo') ?? -1] ?? '';
    if (externalId) {
      rowIds.set(row, externalId);
      const first = firstRowOf.get(externalId);
      if (first !== undefined) {
        add(row, [
          {
            row,
            column: letterOf(headers, 'id_externo'),
            field: 'id_externo',
            message: `El id_externo se repite (fila ${first})`,
          },
        ]);
      } else firstRowOf.set(externalId, row);
      idsOf.set(externalId, row);
    }
    add(row, checked.problems);
    if (checked.parsed) {
      const { curp } = checked.parsed.customer;
      const earlier = curpRows.get(curp);
      const hasLoan = checked.parsed.loan !== null;
      if (earlier) {
        add(row, [
          {
            row,
            column: letterOf(headers, 'curp'),
            field: 'curp',
            message:
              earlier.hasLoan && hasLoan
                ? `El cliente ya tiene un préstamo en curso en la fila ${earlier.row}`
                : `La CURP se repite (fila ${earlier.row})`,
          },
        ]);
      } else curpRows.set(curp, { row, hasLoan });
      parsed.push(checked.parsed);
    }
  }
  if (!headers) throw refuse('spreadsheet.unusable', { values: { detail: 'El archivo no tiene filas' } });
  if (totalRows === 0) {
    throw refuse('spreadsheet.unusable', {
      values: { detail: 'El archivo no tiene filas de datos después de los encabezados' },
    });
  }

  const imported = new Set(
    (
      await lookup(db, [...idsOf.keys()], async (chunk) =>
        rowsOf<{ external_id: string }>(
          await db.execute(
            sql`select external_id from book_import_rows where external_id in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`,
          ),
        ),
      )
    ).map((r) => r.external_id),
  );
  const importedRows = new Set([...rowIds].filter(([, id]) => imported.has(id)).map(([row]) => row));
  const fresh = parsed.filter((row) => !importedRows.has(row.row));
  const registered = await lookup(
    db,
    fresh.map((row) => row.customer.curp),
    async (chunk) =>
      rowsOf<{ curp: string; num: number; status: string | null }>(
        await db.execute(
          sql`select c.curp, c.num, l.status from customers c left join loans l on l.id = c.current_loan_id
               where c.curp in (select jsonb_array_elements_text(${JSON.stringify(chunk)}::jsonb))`,
        ),
      ),
  );
  const registeredByCurp = new Map(registered.map((r) => [r.curp, r]));
  const inProgress = new Set<string>(IN_PROGRESS_STATUSES);
  const curpColumn = letterOf(headers, 'curp');
  for (const row of fresh) {
    const customer = registeredByCurp.get(row.customer.curp);
    if (!customer) continue;
    const message =
      row.loan && customer.status && inProgress.has(customer.status)
        ? `El cliente ya tiene un préstamo en curso (cliente #${customer.num})`
        : `La CURP ya está registrada (cliente #${customer.num})`;
    add(row.row, [{ row: row.row, column: curpColumn, field: 'curp', message }]);
  }

  for (const row of importedRows) problemsOf.delete(row);
  const rows = fresh.filter((row) => !problemsOf.has(row.row));
  const problems = [...problemsOf.entries()].sort(([a], [b]) => a - b).flatMap(([, list]) => list);
  return { totalRows, rows, alreadyImported: importedRows.size, problems, rejectedRows: problemsOf.size };
}

/** The problems of each row, by row number (the rejected-rows file). */
export function problemsByRow(problems: ImportProblem[]): Map<number, ImportProblem[]> {
  const map = new Map<number, ImportProblem[]>();
  for (const problem of problems) map.set(problem.row, [...(map.get(problem.row) ?? []), problem]);
  return map;
}
