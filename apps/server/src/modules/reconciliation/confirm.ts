import { centsToPesos, type ReconcileRequest, type ReconcileResult } from '@prestaya/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerActor } from '../../access/customers.ts';
import type { AppDb } from '../../db/client.ts';
import { loans } from '../../db/schema/loans.ts';
import { payments } from '../../db/schema/payments.ts';
import { statementLines, statementUploadLines, statementUploads } from '../../db/schema/reconciliation.ts';
import { updateAudited } from '../../db/write-audit.ts';
import { HttpProblem } from '../../errors.ts';
import { refuse } from '../../http/refusals.ts';
import { decidePaymentInTransaction } from '../payments/decide.ts';
import { SKIP_REASONS, STATEMENT_LINE_AUDIT_ENTITY } from './messages.ts';

const lineSnapshot = (row: typeof statementLines.$inferSelect) => ({
  bankAccountId: row.bankAccountId,
  lineDate: row.lineDate,
  amountCents: row.amountCents,
  concept: row.concept,
  reference: row.reference,
  paymentId: row.paymentId,
});

/**
 * POST /reconciliation/statements/{id}/confirm ('Confirmar seleccionados', administrators): each chosen
 * (line, payment) pair confirms the payment into the statement's account with exactly the rules of a
 * single confirmation (payments/decide.ts: ledger Abono, items, loan recomputed, audit) and marks the
 * line as used by it. One transaction; each pair in its own savepoint, so a pair that cannot go (the
 * payment confirmed or rejected elsewhere meanwhile, the line already used, a customer under PLD
 * review) is skipped and reported while the others are confirmed.
 *
 * Concurrency: every line, then every payment, is locked in id order before the first confirmation,
 * so two bulk confirmations (or one and a single confirm, which locks the payment first too) wait on
 * each other instead of deadlocking; the second then reads the line used or the payment PAID and skips
 * it. The unique `payment_id` of statement_lines is the last guard against using either side twice.
 */
export async function confirmStatementPairs(
  db: AppDb,
  actor: CustomerActor,
  uploadId: string,
  input: ReconcileRequest,
  today: string,
): Promise<ReconcileResult> {
  return db.transaction(async (tx) => {
    const [upload] = await tx.select().from(statementUploads).where(eq(statementUploads.id, uploadId));
    if (!upload) throw refuse('reconciliation.statement_not_found');
    const lineIds = [...new Set(input.pairs.map((p) => p.lineId))].sort();
    const paymentIds = [...new Set(input.pairs.map((p) => p.paymentId))].sort();
    const inUpload = new Set(
      (
        await tx
          .select({ id: statementUploadLines.lineId })
          .from(statementUploadLines)
          .where(
            and(eq(statementUploadLines.uploadId, uploadId), inArray(statementUploadLines.lineId, lineIds)),
          )
      ).map((r) => r.id),
    );
    const lines = new Map(
      (
        await tx
          .select()
          .from(statementLines)
          .where(inArray(statementLines.id, lineIds))
          .orderBy(asc(statementLines.id))
          .for('update')
      ).map((row) => [row.id, row]),
    );
    const found = new Map(
      (
        await tx
          .select({
            id: payments.id,
            status: payments.status,
            method: payments.paymentMethod,
            amountCents: payments.amountCents,
            loanNum: loans.num,
          })
          .from(payments)
          .innerJoin(loans, eq(loans.id, payments.loanId))
          .where(inArray(payments.id, paymentIds))
          .orderBy(asc(payments.id))
          .for('update', { of: payments })
      ).map((row) => [row.id, row]),
    );

    const result: ReconcileResult = { confirmed: [], confirmedAmount: 0, skipped: [] };
    let confirmedCents = 0;
    const usedLines = new Set<string>();
    const usedPayments = new Set<string>();
    const sorted = [...input.pairs].sort((a, b) => (a.lineId < b.lineId ? -1 : a.lineId > b.lineId ? 1 : 0));
    for (const pair of sorted) {
      const skip = (reason: string) => result.skipped.push({ ...pair, reason });
      const line = lines.get(pair.lineId);
      const payment = found.get(pair.paymentId);
      if (usedLines.has(pair.lineId) || usedPayments.has(pair.paymentId)) skip(SKIP_REASONS.duplicate);
      else if (!line || !inUpload.has(line.id) || line.bankAccountId !== upload.bankAccountId)
        skip(SKIP_REASONS.lineNotInStatement);
      else if (line.paymentId) skip(SKIP_REASONS.lineUsed);
      else if (line.direction !== 'CREDIT') skip(SKIP_REASONS.lineNotCredit);
      else if (!payment) skip(SKIP_REASONS.paymentNotFound);
      else if (payment.status !== 'VALIDATING') skip(SKIP_REASONS.paymentNotValidating);
      else if (payment.method !== 'TRANSFER') skip(SKIP_REASONS.paymentNotTransfer);
      else if (payment.amountCents !== line.amountCents) skip(SKIP_REASONS.amountDiffers);
      else {
        usedLines.add(pair.lineId);
        usedPayments.add(pair.paymentId);
        try {
          await tx.transaction(async (savepoint) => {
            await decidePaymentInTransaction(
              savepoint,
              actor,
              payment.id,
              { status: 'PAID', targetAccountId: upload.bankAccountId },
              today,
            );
            await updateAudited(
              savepoint,
              statementLines,
              eq(statementLines.id, line.id),
              { paymentId: payment.id, reconciledBy: actor.id, reconciledOn: sql`now()` },
              {
                actorId: actor.id,
                entity: STATEMENT_LINE_AUDIT_ENTITY,
                entityId: line.id,
                before: line,
                snapshot: lineSnapshot,
                alsoAfter: { loanNum: payment.loanNum, uploadId },
              },
            );
          });
          result.confirmed.push({ ...pair, loanNum: payment.loanNum });
          confirmedCents += payment.amountCents;
        } catch (error) {
          if (!(error instanceof HttpProblem)) throw error;
          skip(error.message);
        }
      }
    }
    result.confirmedAmount = centsToPesos(confirmedCents);
    return result;
  });
}
