import { type BookImportDetails, IMPORT_PROBLEMS_SHOWN } from '@prestaya/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb } from '../../db/client.ts';
import { bookImports } from '../../db/schema/book-imports.ts';
import { storeFile } from '../../db/stored-files.ts';
import { insertAudited } from '../../db/write-audit.ts';
import { sheetKind } from '../../spreadsheet/rows.ts';
import { analyseFile } from './analyse.ts';
import { IMPORT_AUDIT_ENTITY, importAuditSnapshot, loadImport } from './queries.ts';
import type { ReceivedImport } from './upload.ts';

const CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
} as const;

/**
 * POST /imports (administrators): the dry run. The file is read and every row checked first; a file
 * that cannot be read is refused (4xx) before anything is written. Then the file itself is kept (a
 * stored_files row) with what the dry run found, so the run and a later download use these bytes.
 * No customer, loan or anything else of the book is written.
 */
export async function checkImport(
  db: AppDb,
  actorId: string,
  received: ReceivedImport,
  today: string,
): Promise<BookImportDetails> {
  const analysis = await analyseFile(db, received.bytes, today);
  const kind = sheetKind(received.bytes.subarray(0, 512)) ?? 'csv';
  const id = await db.transaction(async (tx) => {
    const fileId = await storeFile(tx, {
      bytes: received.bytes,
      contentType: CONTENT_TYPES[kind],
      reencoded: false,
    });
    const row = await insertAudited(
      tx,
      bookImports,
      {
        id: uuidv7(),
        fileName: received.fileName,
        fileId,
        totalRows: analysis.totalRows,
        validRows: analysis.rows.length,
        rejectedRows: analysis.rejectedRows,
        alreadyImported: analysis.alreadyImported,
        newCustomers: analysis.rows.length,
        newLoans: analysis.rows.filter((r) => r.loan).length,
        problems: analysis.problems.slice(0, IMPORT_PROBLEMS_SHOWN),
        problemCount: analysis.problems.length,
        createdBy: actorId,
      },
      { actorId, entity: IMPORT_AUDIT_ENTITY, action: 'checked', snapshot: importAuditSnapshot },
    );
    return row.id;
  });
  return loadImport(db, id);
}
