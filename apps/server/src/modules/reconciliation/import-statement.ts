import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { STATEMENT_MAX_ROWS } from '@prestaya/contracts';
import { readStatementLine, type StatementLine } from '@prestaya/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { AppDb } from '../../db/client.ts';
import { statementLines, statementUploadLines, statementUploads } from '../../db/schema/reconciliation.ts';
import { writeAudit } from '../../db/write-audit.ts';
import { refuse } from '../../http/refusals.ts';
import { columnLetter, DEFAULT_SHEET_LIMITS, readSheetRows, SheetError } from '../../spreadsheet/rows.ts';
import { assertAccountExists, readStatementMapping, statementColumns } from './mapping.ts';
import { CELL_PROBLEMS, STATEMENT_UPLOAD_AUDIT_ENTITY } from './messages.ts';
import type { ReceivedStatement } from './upload.ts';

interface ParsedLine extends StatementLine {
  row: number;
  fingerprint: string;
}

/**
 * The lines of a statement file read with the account's mapping: the header rows skipped, a row whose
 * date cell is empty (a bank's note or total) skipped, any other unreadable row refused with its row
 * and column. Each line's fingerprint counts identical lines before it in the file, so two equal
 * movements of a day stay two lines while the same file uploaded again finds the same fingerprints.
 */
async function parseStatement(
  file: ReceivedStatement,
  mapping: NonNullable<Awaited<ReturnType<typeof readStatementMapping>>>,
) {
  const columns = statementColumns(mapping);
  const limits = { ...DEFAULT_SHEET_LIMITS, maxRows: STATEMENT_MAX_ROWS + mapping.headerRows };
  const seen = new Map<string, number>();
  const lines: ParsedLine[] = [];
  let index = 0;
  try {
    for await (const { row, cells } of readSheetRows(Readable.from([file.bytes]), limits)) {
      index += 1;
      if (index <= mapping.headerRows) continue;
      if ((cells[columns.date] ?? '') === '') continue;
      const read = readStatementLine(cells, columns);
      if (!read.ok) {
        throw refuse('reconciliation.line_unreadable', {
          values: {
            row: String(row),
            column: columnLetter(read.column + 1),
            problem: CELL_PROBLEMS[read.problem],
          },
        });
      }
      const { line } = read;
      const key = [line.date, line.direction, line.amountCents, line.concept, line.reference].join('\u001f');
      const occurrence = seen.get(key) ?? 0;
      seen.set(key, occurrence + 1);
      const fingerprint = createHash('sha256').update(`${key}\u001f${occurrence}`).digest('hex');
      lines.push({ ...line, row, fingerprint });
    }
  } catch (error) {
    if (error instanceof SheetError)
      throw Object.assign(refuse('spreadsheet.unusable', { values: { detail: error.message } }), {
        cause: error.cause,
      });
    throw error;
  }
  if (lines.length === 0) throw refuse('reconciliation.no_lines');
  return lines;
}

const CHUNK = 500;

/**
 * POST …/accounts/{id}/statements: the file parsed with the account's mapping (409 until one is saved),
 * every line stored once per account (a line an earlier file brought is linked, not copied), the
 * upload audited with its counts. Returns the upload's id.
 */
export async function importStatement(
  db: AppDb,
  actorId: string,
  accountId: string,
  file: ReceivedStatement,
): Promise<string> {
  const mapping = await readStatementMapping(db, accountId);
  if (!mapping) throw refuse('reconciliation.mapping_required');
  const lines = await parseStatement(file, mapping);
  return db.transaction(async (tx) => {
    await assertAccountExists(tx, accountId);
    let newLines = 0;
    for (let start = 0; start < lines.length; start += CHUNK) {
      const chunk = lines.slice(start, start + CHUNK);
      const inserted = await tx
        .insert(statementLines)
        .values(
          chunk.map((line) => ({
            id: uuidv7(),
            bankAccountId: accountId,
            fingerprint: line.fingerprint,
            lineDate: line.date,
            direction: line.direction,
            amountCents: line.amountCents,
            concept: line.concept,
            reference: line.reference,
          })),
        )
        .onConflictDoNothing({ target: [statementLines.bankAccountId, statementLines.fingerprint] })
        .returning({ id: statementLines.id });
      newLines += inserted.length;
    }
    const uploadId = uuidv7();
    await tx.insert(statementUploads).values({
      id: uploadId,
      bankAccountId: accountId,
      fileName: file.fileName,
      lineCount: lines.length,
      newLines,
      uploadedBy: actorId,
    });
    for (let start = 0; start < lines.length; start += CHUNK) {
      const chunk = lines.slice(start, start + CHUNK);
      const ids = await tx
        .select({ id: statementLines.id, fingerprint: statementLines.fingerprint })
        .from(statementLines)
        .where(
          and(
            eq(statementLines.bankAccountId, accountId),
            inArray(
              statementLines.fingerprint,
              chunk.map((line) => line.fingerprint),
            ),
          ),
        );
      const byFingerprint = new Map(ids.map((r) => [r.fingerprint, r.id]));
      await tx.insert(statementUploadLines).values(
        chunk.map((line) => {
          const lineId = byFingerprint.get(line.fingerprint);
          if (!lineId) throw new Error('statement line missing after insert');
          return { uploadId, lineId, rowNumber: line.row };
        }),
      );
    }
    await writeAudit(tx, {
      actorId,
      entity: STATEMENT_UPLOAD_AUDIT_ENTITY,
      entityId: uploadId,
      action: 'uploaded',
      after: { bankAccountId: accountId, fileName: file.fileName, lineCount: lines.length, newLines },
    });
    return uploadId;
  });
}
