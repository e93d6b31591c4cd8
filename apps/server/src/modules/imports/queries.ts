import type { BookImport, BookImportDetails, ImportProblem } from '@prestaya/contracts';
import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type BookImportRow, bookImports } from '../../db/schema/book-imports.ts';
import { users } from '../../db/schema/users.ts';
import { refuse } from '../../http/refusals.ts';

export const IMPORT_AUDIT_ENTITY = 'book_import';
/** The history shows the latest imports; older ones stay in the audit trail. */
const HISTORY_SIZE = 50;

const selectImports = (db: DbOrTx) =>
  db
    .select({ row: bookImports, by: { num: users.num, name: users.name, lastName: users.lastName } })
    .from(bookImports)
    .leftJoin(users, eq(users.id, bookImports.createdBy));

function toDto(row: BookImportRow, by: BookImport['createdBy']): BookImport {
  return {
    id: row.id,
    fileName: row.fileName,
    status: row.status,
    mode: row.mode,
    totalRows: row.totalRows,
    validRows: row.validRows,
    rejectedRows: row.rejectedRows,
    alreadyImported: row.alreadyImported,
    newCustomers: row.newCustomers,
    newLoans: row.newLoans,
    problemCount: row.problemCount,
    importedCustomers: row.importedCustomers,
    importedLoans: row.importedLoans,
    createdOn: row.createdOn.toISOString(),
    finishedOn: row.finishedOn?.toISOString() ?? null,
    createdBy: by,
  };
}

export async function listImports(db: DbOrTx): Promise<BookImport[]> {
  const rows = await selectImports(db)
    .orderBy(desc(bookImports.createdOn), desc(bookImports.id))
    .limit(HISTORY_SIZE);
  return rows.map(({ row, by }) => toDto(row, by));
}

export async function loadImportRow(db: DbOrTx, id: string): Promise<BookImportRow> {
  const [row] = await db.select().from(bookImports).where(eq(bookImports.id, id)).limit(1);
  if (!row) throw refuse('import.not_found');
  return row;
}

export async function loadImport(db: DbOrTx, id: string): Promise<BookImportDetails> {
  const [found] = await selectImports(db).where(eq(bookImports.id, id)).limit(1);
  if (!found) throw refuse('import.not_found');
  return { ...toDto(found.row, found.by), problems: found.row.problems as ImportProblem[] };
}

/** What the audit trail keeps of an import: its file and its counts. */
export const importAuditSnapshot = (row: BookImportRow) => ({
  fileName: row.fileName,
  status: row.status,
  mode: row.mode,
  totalRows: row.totalRows,
  validRows: row.validRows,
  rejectedRows: row.rejectedRows,
  alreadyImported: row.alreadyImported,
  importedCustomers: row.importedCustomers,
  importedLoans: row.importedLoans,
});
