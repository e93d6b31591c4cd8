import type { BookImportDetails, ImportMode } from '@prestaya/contracts';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/pg-errors.ts';
import { bookImports } from '../../db/schema/book-imports.ts';
import { readStoredFile } from '../../db/stored-files.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { screenCustomers } from '../aml/screening.ts';
import { type Analysis, analyseFile } from './analyse.ts';
import { IMPORT_AUDIT_ENTITY, importAuditSnapshot, loadImport, loadImportRow } from './queries.ts';
import { IMPORT_BATCH, writeBatch } from './write-rows.ts';

export interface PreparedRun {
  importId: string;
  mode: ImportMode;
  analysis: Analysis;
}

/**
 * Everything that can refuse a run, before its first byte of progress is sent: the import exists and
 * was not run, and its stored file is analysed again now (another import may have written some of
 * its rows since the dry run). 'ALL' (all or nothing) refuses a file with any rejected row.
 */
export async function prepareRun(
  db: AppDb,
  id: string,
  mode: ImportMode,
  today: string,
): Promise<PreparedRun> {
  const row = await loadImportRow(db, id);
  if (row.status !== 'CHECKED') throw refuse('import.already_run');
  const file = await readStoredFile(db, row.fileId);
  if (!file) throw refuse('import.not_found');
  const analysis = await analyseFile(db, file.bytes, today);
  if (mode === 'ALL' && analysis.rejectedRows > 0) {
    throw refuse('import.has_rejected_rows', { values: { rows: String(analysis.rejectedRows) } });
  }
  return { importId: id, mode, analysis };
}

/**
 * POST /imports/{id}/run: writes the valid new rows in ONE transaction, in batches (write-rows.ts),
 * reporting progress after each; then screens the customers against the blocked-persons lists (aml
 * screening, as a customer created from the form is) and closes the import DONE with its counts, in
 * one audit entry. Any failure rolls everything back: nothing of the file is written. A row another
 * import wrote meanwhile (the id_externo key) fails the run with 409 and the import stays CHECKED.
 */
export async function runImport(
  db: AppDb,
  actorId: string,
  prepared: PreparedRun,
  options: { timeZone: string; onProgress: (processed: number, total: number) => void | Promise<void> },
): Promise<BookImportDetails> {
  const { rows } = prepared.analysis;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(bookImports)
        .where(eq(bookImports.id, prepared.importId))
        .for('update');
      if (before?.status !== 'CHECKED') throw refuse('import.already_run');
      let customers = 0;
      let loans = 0;
      await options.onProgress(0, rows.length);
      for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
        const batch = rows.slice(start, start + IMPORT_BATCH);
        const counts = await writeBatch(tx, batch, {
          importId: prepared.importId,
          actorId,
          timeZone: options.timeZone,
        });
        customers += counts.customers;
        loans += counts.loans;
        await options.onProgress(start + batch.length, rows.length);
      }
      if (customers > 0) await screenCustomers(tx, actorId, {});
      const [after] = await tx
        .update(bookImports)
        .set({
          status: 'DONE',
          mode: prepared.mode,
          importedCustomers: customers,
          importedLoans: loans,
          alreadyImported: prepared.analysis.alreadyImported,
          runBy: actorId,
          finishedOn: sql`now()`,
        })
        .where(eq(bookImports.id, prepared.importId))
        .returning();
      if (!after) throw refuse('import.not_found');
      // One entry for the whole import, with its counts: the rows it wrote are listed by book_import_rows.
      await writeAudit(tx, {
        actorId,
        entity: IMPORT_AUDIT_ENTITY,
        entityId: prepared.importId,
        action: 'imported',
        before: importAuditSnapshot(before),
        after: importAuditSnapshot(after),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw refuse('import.changed_since_check');
    throw error;
  }
  return loadImport(db, prepared.importId);
}
